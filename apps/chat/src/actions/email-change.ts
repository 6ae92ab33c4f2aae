// Changing one's e-mail address (Zulip's do_start_email_change_process and
// confirm_email_change): PATCH /settings mails a confirmation link to the new address; following
// it changes the address, tells the realm (realm_user updates with delivery_email, new_email
// and the Gravatar that follows the address) and mails a notice to the old address.
import { isUniqueViolation } from "@beacon/platform";
import { realmUrl } from "../config.js";
import type { ChatDeps } from "../deps.js";
import { ZulipError } from "../http/errors.js";
import { generateConfirmationKey, hashApiKey } from "../lib/secrets.js";
import { loadRealmView } from "../events/realm-view.js";
import { userChangedEvents } from "../events/user-events.js";
import { deliveryEmailChanges } from "../lib/email-visibility.js";
import { claimEmailChange, emailChangeByKeyHash, insertEmailChange, type EmailChange } from "../store/email-changes.js";
import { getRealm, type Realm } from "../store/realms.js";
import { EMAIL_CHANGE_PENDING, EMAIL_CHANGE_USED } from "../store/schema.js";
import { getUser, updateUser, type User } from "../store/users.js";
import { publish } from "./publish.js";
import { checkEmailChange } from "./settings-checks.js";
import { mailConfigured, sendMail } from "./mail.js";

/** Zulip's default confirmation link validity (CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS). */
const LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** Beacon's own error: without SMTP no confirmation link can reach the new address. */
export class EmailNotConfiguredError extends ZulipError {
  constructor() {
    super("This server is not configured to send email, so email addresses cannot be changed.");
  }
}

/** Records the request and mails the link to the new address (the address already checked). */
export async function doStartEmailChange(deps: ChatDeps, realm: Realm, user: User, newEmail: string): Promise<void> {
  if (!mailConfigured(deps.config)) throw new EmailNotConfiguredError();
  const key = generateConfirmationKey();
  const now = deps.clock.now().getTime();
  await insertEmailChange(deps.db, { realm_id: realm.id, user_id: user.id, old_email: user.delivery_email, new_email: newEmail, key_hash: hashApiKey(key), date_created: now, expiry: now + LINK_VALIDITY_MS });
  const link = `${realmUrl(deps.config, realm.string_id)}/accounts/confirm_new_email/${key}/`;
  const sent = sendMail(deps.config, {
    to: newEmail,
    subject: `Verify your new email address for ${realm.name}`,
    text: [
      `Hi ${user.full_name},`,
      "",
      `You asked to change the email address of your ${realm.name} account from ${user.delivery_email} to ${newEmail}.`,
      "Follow this link to confirm the change:",
      "",
      link,
      "",
      "The link works for one day. If you did not ask for this, you can ignore this email.",
    ].join("\n"),
  });
  try {
    await sent;
  } catch (err) {
    deps.log.warn({ err, userId: user.id }, "email change confirmation not sent");
    throw new ZulipError("The confirmation email could not be sent; try again later.", { status: 502 });
  }
}

export class ConfirmationKeyError extends ZulipError {
  constructor() {
    super("The confirmation link has expired or been deactivated.", { status: 404 });
  }
}

/** The pending request a key names, or ConfirmationKeyError. */
export async function accessEmailChange(deps: ChatDeps, key: string): Promise<EmailChange> {
  const change = /^[a-z0-9]{24}$/.test(key) ? await emailChangeByKeyHash(deps.db, hashApiKey(key)) : undefined;
  if (!change || change.status !== EMAIL_CHANGE_PENDING || change.expiry <= deps.clock.now().getTime()) throw new ConfirmationKeyError();
  return change;
}

/** Follows a confirmation link: the request is checked again, then the address changes. */
export async function doConfirmEmailChange(deps: ChatDeps, change: EmailChange): Promise<{ oldEmail: string; newEmail: string }> {
  const user = await getUser(deps.db, change.user_id);
  const realm = await getRealm(deps.db, change.realm_id);
  // The address moved meanwhile (another confirmed change): this link is stale.
  if (!user || !realm || user.delivery_email !== change.old_email) throw new ConfirmationKeyError();
  await checkEmailChange(deps, user, change.new_email);
  const email = change.new_email;
  const before = await loadRealmView(deps.db, user.realm_id);
  const { value: claimed, stamp } = await deps.events.transaction(async (trx) => {
    if (!(await claimEmailChange(trx, change.id, EMAIL_CHANGE_USED))) return false;
    await updateUser(trx, user.id, deliveryEmailChanges(user, email));
    return true;
  }).catch(async (error: unknown) => {
    // Another account took the address since the check above (the realm's unique e-mail
    // index refused this one): the check, made again, now gives Zulip's answer.
    if (isUniqueViolation(error)) await checkEmailChange(deps, user, email);
    throw error;
  });
  if (!claimed) throw new ConfirmationKeyError();
  // The same realm_user updates as an administrator's change of the address: delivery_email to
  // those who may see it, the Gravatar that follows it, new_email when the address is public.
  const after = await loadRealmView(deps.db, user.realm_id);
  publish(deps, userChangedEvents(before, after, user).map((e) => ({ ...e, stamp, realmId: user.realm_id })));
  await sendMail(deps.config, {
    to: change.old_email,
    subject: `Email address changed for ${realm.name}`,
    text: `Hi ${user.full_name},\n\nThe email address of your ${realm.name} account is now ${email} (it was ${change.old_email}).\nIf you did not make this change, contact your organization's administrators at once.\n`,
  })
    // The change is made; a notice that cannot be sent is logged, not reported to the user.
    .catch((err: unknown) => deps.log.warn({ err, userId: user.id }, "email change notice not sent"));
  return { oldEmail: change.old_email, newEmail: email };
}
