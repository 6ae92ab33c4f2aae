// A new account starts with a project, as upstream's sign-up does: "My First Check" in it and,
// where this server can send e-mail, an e-mail integration to the account's own (so already
// verified) address, assigned to that check. The API keys are not created here: the project's
// settings page makes them on request and shows them once.
import type { MonitorDeps } from "../deps.js";
import { validateCheckSpec } from "../http/check-spec.js";
import { kindOf, unavailableReason } from "../integrations/registry.js";
import { slugify } from "../lib/slugify.js";
import { findProjectByUuid } from "../store/projects.js";
import type { Account, Project } from "../store/schema.js";
import { createCheck } from "./checks.js";
import { createIntegration } from "./integrations.js";
import { revokeProjectKey } from "./project-keys.js";
import { createProject } from "./projects.js";

export const FIRST_PROJECT_NAME = "My Project";
export const FIRST_CHECK_NAME = "My First Check";

export async function createFirstProject(deps: MonitorDeps, account: Account): Promise<Project> {
  const keys = await createProject(deps, { name: FIRST_PROJECT_NAME, ownerEmail: account.email });
  const project = (await findProjectByUuid(deps.db, keys.uuid))!;
  // Nobody saw these keys: a key shown to no one is a key nobody should hold.
  await revokeProjectKey(deps, project, "api_key");
  await revokeProjectKey(deps, project, "api_key_readonly");
  const email = kindOf("email");
  if (email && !unavailableReason(email, deps.config)) {
    await createIntegration(deps, project, { kind: "email", name: "", value: account.email, emailVerified: true });
  }
  const spec = validateCheckSpec({ name: FIRST_CHECK_NAME, slug: slugify(FIRST_CHECK_NAME), channels: "*" });
  if ("ok" in spec) await createCheck(deps, project, spec.ok, 3);
  return (await findProjectByUuid(deps.db, keys.uuid))!;
}
