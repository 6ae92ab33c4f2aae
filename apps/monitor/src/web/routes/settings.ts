// Project settings: rename, create and revoke keys, invite and remove team members, delete.
import { createProjectKey, PROJECT_KEY_KINDS, revokeProjectKey, setProjectName, type ProjectKeyKind } from "../../actions/project-keys.js";
import { acceptProject, offerProject, withdrawOffer } from "../../actions/project-transfer.js";
import { removeMember } from "../../actions/team.js";
import { inviteToTeam } from "../../actions/team-invites.js";
import { findTransferTarget } from "../../store/project-transfer.js";
import { findOwner } from "../../store/projects.js";
import { listMembers, type ProjectAccess } from "../../store/memberships.js";
import type { MemberRole } from "../../store/schema.js";
import { accessProject, requireOwner, requireWrite } from "../access.js";
import { deleteProject } from "../../actions/project-removal.js";
import { redirectAfter, type SignedInContext, type WebRouter } from "../context.js";
import { pageResponse, WebError, type WebResponse } from "../respond.js";
import { settingsPage, type SettingsView } from "../views/settings.js";

async function render(ctx: SignedInContext, access: ProjectAccess, extra: Partial<SettingsView> = {}): Promise<WebResponse> {
  const view: SettingsView = {
    access,
    owner: await findOwner(ctx.deps.db, access.project),
    members: await listMembers(ctx.deps.db, access.project.id),
    newKeys: ctx.visitor.flash?.secrets,
    transferTo: await findTransferTarget(ctx.deps.db, access.project.id),
    ...extra,
  };
  return pageResponse(settingsPage(ctx.deps, ctx.visitor, view), extra.flash?.kind === "error" ? 400 : 200);
}

function keyKind(value: string | null): ProjectKeyKind {
  if (!PROJECT_KEY_KINDS.includes(value as ProjectKeyKind)) throw new WebError(400, "Unknown key type.");
  return value as ProjectKeyKind;
}

const KEY_NAMES: Record<ProjectKeyKind, string> = { api_key: "API key", api_key_readonly: "Read-only API key", ping_key: "Ping key" };

const INVITE_FLASH = {
  no_account: "There is no account with that e-mail address, and this site cannot send e-mail to invite them: ask them to sign up first.",
  owner: "That is the project's owner.",
  invalid: "Please enter a valid e-mail address.",
};

async function post(ctx: SignedInContext, access: ProjectAccess): Promise<WebResponse> {
  const { project } = access;
  const here = `/projects/${project.uuid}/settings/`;
  const done = (text: string, secrets?: Record<string, string>) => redirectAfter(ctx, here, { kind: "ok", text, secrets });
  // A refusal changes nothing: the page is shown again with the reason (a reload repeats nothing).
  const refused = (text: string) => render(ctx, access, { flash: { kind: "error", text } });

  switch (ctx.form.get("action")) {
    case "rename": {
      requireWrite(access);
      const result = await setProjectName(ctx.deps, project, ctx.form.get("name") ?? "");
      return "error" in result ? refused(result.error) : done("Project renamed.");
    }
    case "create_key": {
      requireWrite(access);
      const kind = keyKind(ctx.form.get("key"));
      const outcome = await createProjectKey(ctx.deps, project, kind);
      if (outcome.kind === "exists") return refused(`The ${KEY_NAMES[kind]} is set already: revoke it first.`);
      return done(`${KEY_NAMES[kind]} created.`, { [kind]: outcome.key });
    }
    case "revoke_key": {
      requireWrite(access);
      const kind = keyKind(ctx.form.get("key"));
      await revokeProjectKey(ctx.deps, project, kind);
      return done(`${KEY_NAMES[kind]} revoked.`);
    }
    case "invite": {
      requireOwner(access);
      const role: MemberRole = ctx.form.get("role") === "ro" ? "ro" : "rw";
      const outcome = await inviteToTeam(ctx.deps, project, ctx.account, { email: ctx.form.get("email") ?? "", role });
      if (outcome.kind === "invited") return done(`${outcome.email} added to the team.${outcome.mailed ? " We sent them an e-mail." : ""}`);
      if (outcome.kind === "already") return refused(`${outcome.email} is a member already.`);
      return refused(INVITE_FLASH[outcome.kind]);
    }
    case "offer_transfer": {
      requireOwner(access);
      if (!(await offerProject(ctx.deps, project, Number(ctx.form.get("account"))))) return refused("Choose a member of the team to transfer the project to.");
      return done("The project is offered: it is transferred when they accept it on this page.");
    }
    case "withdraw_transfer": {
      requireOwner(access);
      await withdrawOffer(ctx.deps, project);
      return done("The transfer offer is withdrawn.");
    }
    case "accept_transfer": {
      const outcome = await acceptProject(ctx.deps, project, ctx.account);
      if (outcome.kind === "not_offered") return refused("This project is not offered to you.");
      if (outcome.kind === "limit") return refused(`Your account can hold ${outcome.limit} checks: with this project's it would hold more. Remove some checks first.`);
      return done(`You are now the owner of “${project.name}”.`);
    }
    case "decline_transfer": {
      if ((await findTransferTarget(ctx.deps.db, project.id)) !== ctx.account.id) return refused("This project is not offered to you.");
      await withdrawOffer(ctx.deps, project);
      return done("You declined the transfer.");
    }
    case "remove_member": {
      requireOwner(access);
      await removeMember(ctx.deps, project, Number(ctx.form.get("account")));
      return done("Team member removed.");
    }
    case "leave": {
      if (access.role === "owner") throw new WebError(400, "The owner cannot leave their own project.");
      await removeMember(ctx.deps, project, ctx.account.id);
      return redirectAfter(ctx, "/projects/", { kind: "ok", text: `You left the project “${project.name}”.` });
    }
    case "delete_project": {
      requireOwner(access);
      // The name typed again, as a confirmation that survives a disabled script (the dialog is the first).
      if ((ctx.form.get("confirm_name") ?? "").trim() !== project.name) return refused("Type the project's name to confirm that it should be deleted.");
      await deleteProject(ctx.deps, project);
      return redirectAfter(ctx, "/projects/", { kind: "ok", text: `Project “${project.name}” deleted, with its checks and integrations.` });
    }
    default:
      throw new WebError(400, "Unknown action.");
  }
}

export function settingsRoutes(web: WebRouter): void {
  web.get("/projects/:code/settings/", async (ctx) => render(ctx, await accessProject(ctx.deps, ctx.account, ctx.params.code)));
  web.post("/projects/:code/settings/", async (ctx) => post(ctx, await accessProject(ctx.deps, ctx.account, ctx.params.code)));
}
