// Signing up through an invitation: a reusable link's key or an e-mail invitation's key. The
// account gets the role, channels and groups the invitation carried. Zulip does this in its web
// sign-up form; Beacon's web app posts to /accounts/register/ (routes/web-auth.ts) and API
// clients to POST /api/v1/accounts/register (docs/chat.md).
import type { ChatDeps } from "../deps.js";
import { BadRequestError, RealmDeactivatedError, RequestVariableMissingError } from "../http/errors.js";
import { INVITE_ACTIVE, INVITE_REVOKED, INVITE_USED } from "../lib/invites.js";
import { emailInDomains } from "../lib/domains.js";
import { claimInvite, inviteByKey, inviteByKeyAnywhere, revokeEmailInvitesTo, type Invite } from "../store/invites.js";
import { realmDomains } from "../store/realm-domains.js";
import { realmSettingValues } from "../store/settings.js";
import { getRealm, type Realm } from "../store/realms.js";
import { getUser } from "../store/users.js";
import { checkNewPassword } from "./settings-checks.js";
import { checkFullName, checkNewEmail } from "./user-checks.js";
import { notifyInvitesChanged } from "./invites.js";
import { sendInternalMessage } from "./notification-bot.js";
import { createUser } from "./users.js";

const LINK_EXPIRED = "The confirmation link has expired or been deactivated.";

function usable(deps: ChatDeps, invite: Invite | undefined): Invite {
  const now = deps.clock.now().getTime();
  if (!invite || invite.status !== INVITE_ACTIVE || (invite.expiry !== null && invite.expiry <= now)) throw new BadRequestError(LINK_EXPIRED);
  return invite;
}

/** Zulip's get_object_from_key: unknown, expired, revoked and used keys all read the same. */
export async function accessInvitation(deps: ChatDeps, realm: Realm, key: string): Promise<Invite> {
  return usable(deps, await inviteByKey(deps.db, realm.id, key));
}

/**
 * The invitation behind a web sign-up link, /join/<key>/ (reusable) or /accounts/do_confirm/<key>
 * (e-mailed), and its realm. A host naming a realm looks in that realm only; the bare address
 * finds the key's realm, the key being the secret that names it.
 */
export async function accessSignUpInvitation(deps: ChatDeps, hostRealm: Realm | null, key: string): Promise<{ invite: Invite; realm: Realm }> {
  const found = hostRealm ? await inviteByKey(deps.db, hostRealm.id, key) : /^[a-z0-9]{24}$/.test(key) ? await inviteByKeyAnywhere(deps.db, key) : undefined;
  const invite = usable(deps, found);
  const realm = hostRealm ?? (await getRealm(deps.db, invite.realm_id));
  if (!realm) throw new BadRequestError(LINK_EXPIRED);
  if (realm.deactivated) throw new RealmDeactivatedError();
  return { invite, realm };
}

/**
 * An e-mail invitation fixes the address (Zulip's form takes it from the invitation and offers
 * no field); a reusable link needs one.
 */
function signUpEmail(invite: Invite, given: string | null): string {
  if (invite.is_multiuse) {
    if (given === null) throw new RequestVariableMissingError("email");
    return given.trim();
  }
  const invited = invite.email!;
  if (given !== null && given.trim().toLowerCase() !== invited.toLowerCase()) {
    throw new BadRequestError(`This invitation is for ${invited}; sign up with that email address.`);
  }
  return invited;
}

export async function checkSignUp(deps: ChatDeps, realm: Realm, invite: Invite, input: { email: string | null; fullName: string; password: string | null }): Promise<{ userId: number; apiKey: string; email: string }> {
  const email = signUpEmail(invite, input.email);
  const fullName = checkFullName(input.fullName);
  await checkNewEmail(deps.db, realm.id, email);
  if (input.password !== null) checkNewPassword(deps, input.password);
  const settings = await realmSettingValues(deps.db, realm.id);
  if (settings.emails_restricted_to_domains && !emailInDomains(email, await realmDomains(deps.db, realm.id))) {
    throw new BadRequestError(`Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`);
  }
  // An e-mail invitation is single-use: claim it first so two sign-ups racing on one key
  // cannot both pass; it is given back if the account cannot be created after all.
  if (!invite.is_multiuse && !(await claimInvite(deps.db, invite.id, INVITE_ACTIVE, INVITE_USED))) throw new BadRequestError(LINK_EXPIRED);
  let created: { userId: number; apiKey: string };
  try {
    // Zulip's do_create_user with the invitation as prereg_user: realm_user/add and the role's
    // groups, peer_add for the channels it joins (the new account gets no subscription/add: it
    // has no queue yet), add_members for the invitation's groups.
    created = await createUser(deps, {
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
  } catch (error) {
    if (!invite.is_multiuse) await claimInvite(deps.db, invite.id, INVITE_USED, INVITE_ACTIVE);
    throw error;
  }
  await afterSignUp(deps, realm, invite, created.userId, fullName, email);
  return { ...created, email };
}

/** process_new_human_user's invitation steps, after the account exists; none may fail the sign-up. */
async function afterSignUp(deps: ChatDeps, realm: Realm, invite: Invite, userId: number, fullName: string, email: string): Promise<void> {
  try {
    const revokedFrom = await revokeEmailInvitesTo(deps.db, realm.id, email, INVITE_REVOKED, invite.is_multiuse ? null : invite.id);
    // compat: Zulip's sign-up through a reusable link has no referrer, so its creator gets
    // neither the direct message nor invites_changed; only an e-mail invitation does. Beacon
    // also tells those whose pending invitations to the address it revoked (Zulip does not).
    const referrers = invite.is_multiuse ? revokedFrom : [invite.invited_by_user_id, ...revokedFrom];
    if (!invite.is_multiuse && invite.notify_referrer_on_join) await notifyReferrer(deps, realm, invite.invited_by_user_id, userId, fullName);
    if (referrers.length) await notifyInvitesChanged(deps, realm.id, referrers);
  } catch (err) {
    deps.log.error({ err, realmId: realm.id, inviteId: invite.id, userId }, "sign-up follow-up failed");
  }
}

/** The Notification Bot tells an active inviter that their invitation was accepted. */
async function notifyReferrer(deps: ChatDeps, realm: Realm, referrerId: number, userId: number, fullName: string): Promise<void> {
  const referrer = await getUser(deps.db, referrerId);
  if (!referrer || !referrer.is_active) return;
  const content = `@_**${fullName}|${userId}** accepted your invitation to join Zulip!`;
  await sendInternalMessage(deps, { realm, target: { kind: "private", recipients: [referrer] }, content, now: deps.clock.now().getTime() });
}
