// Pure rules for invitations: who may invite as which role, the invitee list, link keys.
import { randomBytes } from "node:crypto";
import { isAdmin, isOwner, ROLE_ADMINISTRATOR, ROLE_MODERATOR, ROLE_OWNER, type HasRole } from "./roles.js";

export const INVITE_ACTIVE = 0;
export const INVITE_USED = 1;
export const INVITE_REVOKED = 2;
/** Zulip's INVITATION_LINK_VALIDITY_MINUTES default: ten days. */
export const DEFAULT_INVITE_MINUTES = 14400;
export const MAX_WELCOME_MESSAGE_LENGTH = 8000;

/**
 * check_role_based_permissions: what an inviter lacks to invite as `role`. Owners only invite
 * owners; administrators, moderators (and owners) take an administrator.
 */
export function inviteRoleRefusal(inviter: HasRole, role: number): "owner" | "admin" | null {
  if (role === ROLE_OWNER && !isOwner(inviter)) return "owner";
  if ((role === ROLE_OWNER || role === ROLE_ADMINISTRATOR || role === ROLE_MODERATOR) && !isAdmin(inviter)) return "admin";
  return null;
}

/** get_invitee_emails_set: comma- or newline-separated, "Name <email>" allowed. */
export function inviteeEmails(raw: string): string[] {
  const out = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    let email = part.trim();
    const angle = /<([^>]*)>/.exec(email);
    if (angle) email = angle[1]!.trim();
    if (email) out.add(email);
  }
  return [...out];
}

/** 24 lower-case letters and digits, like Zulip's confirmation keys. */
export function confirmationKey(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(24)].map((b) => alphabet[b % alphabet.length]).join("");
}
