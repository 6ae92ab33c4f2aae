// Signing up through an invitation link: the account gets the role, channels and groups the
// link carried. Zulip does this in its web sign-up form; Beacon offers a small API instead
// (POST /api/v1/accounts/register, documented in docs/chat.md).
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { INVITE_ACTIVE } from "../lib/invites.js";
import { emailInDomains } from "../lib/domains.js";
import { presentUser } from "../present/user.js";
import { addMembers } from "../store/groups.js";
import { inviteByKey, markEmailInvitesUsed, type Invite } from "../store/invites.js";
import { realmDomains } from "../store/realm-domains.js";
import { realmSettingValues } from "../store/settings.js";
import { getUser } from "../store/users.js";
import type { Realm } from "../store/realms.js";
import { checkNewPassword } from "./settings-checks.js";
import { checkFullName, checkNewEmail } from "./user-checks.js";
import { notifyInvitesChanged } from "./invites.js";
import { activeUserIds, publish } from "./publish.js";
import { subscribeUsers } from "./subscriptions.js";
import { doCreateUser } from "./users.js";

export async function accessInviteLink(deps: ChatDeps, realm: Realm, key: string): Promise<Invite> {
  const invite = await inviteByKey(deps.db, realm.id, key);
  const now = deps.clock.now().getTime();
  if (!invite || !invite.is_multiuse || invite.status !== INVITE_ACTIVE || (invite.expiry !== null && invite.expiry <= now)) {
    throw new BadRequestError("The confirmation link has expired or been deactivated.");
  }
  return invite;
}

export async function checkSignUp(deps: ChatDeps, realm: Realm, invite: Invite, input: { email: string; fullName: string; password: string | null }): Promise<{ userId: number; apiKey: string; email: string }> {
  const email = input.email.trim();
  const fullName = checkFullName(input.fullName);
  await checkNewEmail(deps.db, realm.id, email);
  if (input.password !== null) checkNewPassword(deps, input.password);
  const settings = await realmSettingValues(deps.db, realm.id);
  if (settings.emails_restricted_to_domains && !emailInDomains(email, await realmDomains(deps.db, realm.id))) {
    throw new BadRequestError(`Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`);
  }
  const created = await doCreateUser(deps.db, {
    realmId: realm.id,
    email,
    fullName,
    role: invite.invited_as,
    password: input.password,
    subscribeDefaults: Boolean(invite.include_realm_default_subscriptions),
    now: deps.clock.now().getTime(),
  });
  const streamIds = JSON.parse(invite.stream_ids) as number[];
  const groupIds = JSON.parse(invite.group_ids) as number[];
  const used = await deps.db.transaction().execute(async (trx) => {
    if (streamIds.length) await subscribeUsers(trx, [created.userId], streamIds);
    for (const groupId of groupIds) await addMembers(trx, groupId, [created.userId]);
    return markEmailInvitesUsed(trx, realm.id, email);
  });
  const user = (await getUser(deps.db, created.userId))!;
  const person = presentUser(user, { clientGravatar: false, includeCustomProfileFields: true });
  publish(deps, [{ event: { type: "realm_user", op: "add", person }, users: await activeUserIds(deps.db, realm.id) }]);
  if (used) await notifyInvitesChanged(deps, realm.id, invite.invited_by_user_id);
  return { ...created, email };
}
