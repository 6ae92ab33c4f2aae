// Creating, revoking and resending invitations. E-mail invitations are mailed after commit
// (invite-mail.ts). Each change sends `invites_changed` to the administrators and the inviter,
// who are the users able to see it in GET /invites.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { confirmationKey, INVITE_ACTIVE, INVITE_REVOKED } from "../lib/invites.js";
import { isValidEmail } from "./user-checks.js";
import { emailInDomains } from "../lib/domains.js";
import { deleteInvite, insertInvite, updateInvite, type Invite } from "../store/invites.js";
import { realmDomains } from "../store/realm-domains.js";
import { realmSettingValues } from "../store/settings.js";
import { userByEmail } from "../store/users.js";
import { adminUserIds, publish } from "./publish.js";
import { sendInvitationEmails } from "./invite-mail.js";

export interface InviteOptions {
  realmId: number;
  invitedBy: number;
  invitedAs: number;
  /** minutes, or null for an invitation that never expires */
  expiresInMinutes: number | null;
  streamIds: number[];
  groupIds: number[];
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
  welcomeMessageCustomText: string | null;
}

export async function notifyInvitesChanged(deps: ChatDeps, realmId: number, referrers: number | number[]): Promise<void> {
  const users = new Set(await adminUserIds(deps.db, realmId));
  for (const id of [referrers].flat()) users.add(id);
  publish(deps, [{ event: { type: "invites_changed" }, users: [...users] }]);
}

function row(options: InviteOptions, now: number, email: string | null) {
  return {
    realm_id: options.realmId,
    email,
    invited_by_user_id: options.invitedBy,
    invited: now,
    expiry: options.expiresInMinutes === null ? null : now + options.expiresInMinutes * 60_000,
    invited_as: options.invitedAs,
    stream_ids: JSON.stringify(options.streamIds),
    group_ids: JSON.stringify(options.groupIds),
    welcome_message_custom_text: options.welcomeMessageCustomText,
    confirmation_key: confirmationKey(),
    status: INVITE_ACTIVE,
    is_multiuse: email === null ? 1 : 0,
    include_realm_default_subscriptions: options.includeRealmDefaultSubscriptions ? 1 : 0,
    notify_referrer_on_join: options.notifyReferrerOnJoin ? 1 : 0,
  };
}

/** Returns the new link's confirmation key. */
export async function doCreateMultiuseInvite(deps: ChatDeps, options: InviteOptions): Promise<string> {
  const values = row(options, deps.clock.now().getTime(), null);
  await insertInvite(deps.db, values);
  await notifyInvitesChanged(deps, options.realmId, options.invitedBy);
  return values.confirmation_key;
}

class InvitationFailedError extends ZulipError {
  constructor(msg: string, errors: [string, string, boolean][], sentInvitations: boolean) {
    super(msg, { code: "INVITATION_FAILED", data: { errors, sent_invitations: sentInvitations, license_limit_reached: false, daily_limit_reached: false } });
  }
}

/** do_invite_users: every address must validate before any is invited; existing users are skipped. */
export async function checkInviteUsers(deps: ChatDeps, emails: string[], options: InviteOptions): Promise<void> {
  const settings = await realmSettingValues(deps.db, options.realmId);
  const domains = settings.emails_restricted_to_domains ? await realmDomains(deps.db, options.realmId) : null;
  const invalid: [string, string, boolean][] = [];
  for (const email of emails) {
    if (!isValidEmail(email)) invalid.push([email, "Invalid address.", false]);
    else if (domains && !emailInDomains(email, domains)) invalid.push([email, "Outside your domain.", false]);
  }
  if (invalid.length) throw new InvitationFailedError("Some emails did not validate, so we didn't send any invitations.", invalid, false);
  const skipped: [string, string, boolean][] = [];
  const toInvite: string[] = [];
  for (const email of emails) {
    const existing = await userByEmail(deps.db, options.realmId, email);
    if (!existing) toInvite.push(email);
    else if (existing.is_active) skipped.push([email, "Already has an account.", false]);
    else skipped.push([email, "Account has been deactivated.", true]);
  }
  if (!toInvite.length) throw new InvitationFailedError("We weren't able to invite anyone.", skipped, false);
  const now = deps.clock.now().getTime();
  const invites = await deps.db.transaction().execute(async (trx) => {
    const created: Invite[] = [];
    for (const email of toInvite) {
      const values = row(options, now, email);
      created.push({ ...values, id: await insertInvite(trx, values) });
    }
    return created;
  });
  await notifyInvitesChanged(deps, options.realmId, options.invitedBy);
  await sendInvitationEmails(deps, invites);
  if (skipped.length) {
    throw new InvitationFailedError("Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!", skipped, true);
  }
}

export async function checkRevokeMultiuseInvite(deps: ChatDeps, invite: Invite): Promise<void> {
  if (invite.status === INVITE_REVOKED) throw new BadRequestError("Invitation has already been revoked");
  await updateInvite(deps.db, invite.id, { status: INVITE_REVOKED });
  await notifyInvitesChanged(deps, invite.realm_id, invite.invited_by_user_id);
}

/** An email invitation is deleted outright, as Zulip deletes the PreregistrationUser. */
export async function doRevokeEmailInvite(deps: ChatDeps, invite: Invite): Promise<void> {
  await deleteInvite(deps.db, invite.id);
  await notifyInvitesChanged(deps, invite.realm_id, invite.invited_by_user_id);
}

/** Resending restarts the invitation's validity for the same duration. */
export async function doResendEmailInvite(deps: ChatDeps, invite: Invite): Promise<void> {
  const now = deps.clock.now().getTime();
  const expiry = invite.expiry === null ? null : now + (invite.expiry - invite.invited);
  await updateInvite(deps.db, invite.id, { invited: now, expiry });
  await notifyInvitesChanged(deps, invite.realm_id, invite.invited_by_user_id);
  await sendInvitationEmails(deps, [{ ...invite, invited: now, expiry }]);
}
