// Inviting people to a project's team by e-mail address. Someone without an account gets one,
// without a password, and a mail with the link that sets it (the claim link of accounts made
// by the CLI): following it signs them in, with the project. Someone with an account is added
// and told by mail. Without a way to send mail, only existing accounts can be invited.
import { lockForTransaction } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { randomToken } from "../lib/keys.js";
import { insertMembership } from "../store/memberships.js";
import { insertAccount } from "../store/projects.js";
import type { Account, MemberRole, Project } from "../store/schema.js";
import { findAccountByEmailFolded } from "../store/web-accounts.js";
import { CLAIM_LINK_HOURS, claimLink } from "./account-claim.js";
import { sendAccountMail } from "./account-mail.js";
import { accountEmailLock } from "./projects.js";
import { EMAIL, MAX_EMAIL, normalizeEmail } from "./web-accounts.js";

export type TeamInvite =
  | { kind: "invited"; email: string; mailed: boolean }
  | { kind: "invalid" }
  | { kind: "owner" }
  | { kind: "already"; email: string }
  | { kind: "no_account" };

export async function inviteToTeam(deps: MonitorDeps, project: Project, inviter: Account, input: { email: string; role: MemberRole }): Promise<TeamInvite> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email) || email.length > MAX_EMAIL) return { kind: "invalid" };
  const now = deps.clock.now().getTime();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, deps.dialect, accountEmailLock(email));
    let account = await findAccountByEmailFolded(trx, email);
    const created = !account;
    if (!account) {
      // Nobody can be asked to set a password without mail: they sign up first instead.
      if (!deps.config.smtpHost) return { kind: "no_account" } as const;
      account = await insertAccount(trx, { email, username: randomToken(30), check_limit: deps.config.defaultCheckLimit, ping_log_limit: deps.config.pingLogLimit, created: now });
    }
    if (account.id === project.owner_id) return { kind: "owner" } as const;
    const added = await insertMembership(trx, { project_id: project.id, account_id: account.id, role: input.role, created: now });
    return added ? ({ kind: "added", account, created } as const) : ({ kind: "already", email: account.email } as const);
  });
  if (outcome.kind !== "added") return outcome;
  const { account, created } = outcome;
  const paragraphs = created
    ? [`${inviter.email} invited you to the project "${project.name}" on ${deps.config.siteName}.`, "To accept, set a password for your account at the link below; it signs you in:", claimLink(deps, account), `The link works once, within ${CLAIM_LINK_HOURS} hours. If you did not expect this, ignore this message.`]
    : [`${inviter.email} added you to the project "${project.name}" on ${deps.config.siteName}.`, "It is in your list of projects:", `${deps.config.siteRoot}/projects/`];
  const mailed = await sendAccountMail(deps, account.email, { subject: `You are invited to "${project.name}" on ${deps.config.siteName}`, paragraphs });
  return { kind: "invited", email: account.email, mailed };
}
