// Signing up through an invitation link: the account gets the role, channels and groups the
// link carried. Zulip does this in its web sign-up form; Beacon offers a small API instead
// (POST /api/v1/accounts/register, documented in docs/chat.md).
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { INVITE_ACTIVE } from "../lib/invites.js";
import { emailInDomains } from "../lib/domains.js";
import { inviteByKey, markEmailInvitesUsed, type Invite } from "../store/invites.js";
import { realmDomains } from "../store/realm-domains.js";
import { realmSettingValues } from "../store/settings.js";
import type { Realm } from "../store/realms.js";
import { checkNewPassword } from "./settings-checks.js";
import { checkFullName, checkNewEmail } from "./user-checks.js";
import { notifyInvitesChanged } from "./invites.js";
import { createUser } from "./users.js";

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
  // Zulip's do_create_user with the invitation as prereg_user: realm_user/add and the role's
  // groups, peer_add for the channels it joins (the new account gets no subscription/add: it
  // has no queue yet), add_members for the invitation's groups, then invites_changed.
  const created = await createUser(deps, {
    realmId: realm.id,
    email,
    fullName,
    role: invite.invited_as,
    password: input.password,
    subscribeDefaults: Boolean(invite.include_realm_default_subscriptions),
    streamIds: JSON.parse(invite.stream_ids) as number[],
    groupIds: JSON.parse(invite.group_ids) as number[],
    now: deps.clock.now().getTime(),
  });
  await markEmailInvitesUsed(deps.db, realm.id, email);
  // The inviter's list changed either way (an email invitation used, a link's use counted).
  await notifyInvitesChanged(deps, realm.id, invite.invited_by_user_id);
  return { ...created, email };
}
