// The invitation e-mail (Zulip's do_send_user_invite_email): sent after POST /invites and
// POST /invites/{id}/resend commit, to each invitee, with a link holding the invitation's key.
import { realmUrl } from "../config.js";
import type { ChatDeps } from "../deps.js";
import { getRealm } from "../store/realms.js";
import { realmSettingValues } from "../store/settings.js";
import { getUser } from "../store/users.js";
import type { Invite } from "../store/invites.js";
import { deliverMailLater, mailConfigured, type MailMessage } from "./mail.js";

/** Zulip's confirmation URL for an e-mail invitation (the reusable links use /join/<key>/). */
export const invitationLink = (siteUrl: string, key: string): string => `${siteUrl}/accounts/do_confirm/${key}`;

/** The invitation's own welcome text; null falls back to the realm's, "" means none. */
function welcomeText(invite: Invite, realmDefault: unknown): string {
  const text = invite.welcome_message_custom_text ?? (typeof realmDefault === "string" ? realmDefault : "");
  return text.trim();
}

export function invitationMessage(input: { inviter: { full_name: string; delivery_email: string }; realmName: string; link: string; expiry: number | null; welcome: string; to: string }): MailMessage {
  const { inviter, realmName } = input;
  const lines = [`Hello,`, "", `${inviter.full_name} (${inviter.delivery_email}) has invited you to ${realmName}, a team chat organization.`];
  if (input.welcome) lines.push("", `${inviter.full_name} adds:`, "", input.welcome);
  lines.push("", "To create your account, open this link:", "", input.link, "");
  lines.push(input.expiry === null ? "The invitation does not expire." : `The invitation is valid until ${new Date(input.expiry).toUTCString()}.`);
  lines.push("If you did not expect it, you can ignore this e-mail.");
  return { to: input.to, subject: `Invitation from ${inviter.full_name} to join ${realmName}`, text: `${lines.join("\n")}\n` };
}

/**
 * Mails each invitation in the background. Without SMTP the invitations stay recorded (and
 * usable through their keys) and one warning is logged; a failed send is retried as Zulip does,
 * then logged. Nothing here ever fails the request that committed the invitations.
 */
export async function sendInvitationEmails(deps: ChatDeps, invites: Invite[]): Promise<void> {
  if (!invites.length) return;
  const { realm_id: realmId, invited_by_user_id: inviterId } = invites[0]!;
  if (!mailConfigured(deps.config)) {
    deps.log.warn({ realmId, inviteIds: invites.map((i) => i.id) }, "invitations recorded but not e-mailed: CHAT_SMTP_HOST is not set");
    return;
  }
  try {
    const [realm, inviter, settings] = await Promise.all([getRealm(deps.db, realmId), getUser(deps.db, inviterId), realmSettingValues(deps.db, realmId)]);
    if (!realm || !inviter) return;
    const site = realmUrl(deps.config, realm.string_id);
    for (const invite of invites) {
      const message = invitationMessage({ inviter, realmName: realm.name, link: invitationLink(site, invite.confirmation_key), expiry: invite.expiry, welcome: welcomeText(invite, settings.welcome_message_custom_text), to: invite.email! });
      deliverMailLater(deps, message, { realmId, inviteId: invite.id });
    }
  } catch (err) {
    // The invitations are committed and announced; they remain usable and can be resent.
    deps.log.error({ err, realmId, inviteIds: invites.map((i) => i.id) }, "invitation e-mails not prepared");
  }
}
