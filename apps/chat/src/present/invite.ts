import type { Invite } from "../store/invites.js";
import { unixSeconds } from "./time.js";

export function inviteLink(siteUrl: string, key: string): string {
  return `${siteUrl}/join/${key}/`;
}

export function presentInvite(invite: Invite, siteUrl: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: invite.id,
    invited_by_user_id: invite.invited_by_user_id,
    invited: unixSeconds(invite.invited),
    expiry_date: invite.expiry === null ? null : unixSeconds(invite.expiry),
    invited_as: invite.invited_as,
    notify_referrer_on_join: Boolean(invite.notify_referrer_on_join),
    is_multiuse: Boolean(invite.is_multiuse),
  };
  if (invite.is_multiuse) out.link_url = inviteLink(siteUrl, invite.confirmation_key);
  else out.email = invite.email;
  return out;
}
