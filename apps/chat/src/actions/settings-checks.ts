// Checks for the account fields of PATCH /settings, with Zulip's messages.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, RateLimitedError } from "../http/errors.js";
import { emailInDomains } from "../lib/domains.js";
import { isAdmin } from "../lib/roles.js";
import { isStrongPassword } from "../lib/secrets.js";
import { realmDomains } from "../store/realm-domains.js";
import { realmSettingValues } from "../store/settings.js";
import { userByEmail, type User } from "../store/users.js";
import { isValidEmail } from "./user-checks.js";
import { NOTIFICATION_BOT_EMAIL } from "./notification-bot.js";
import { checkCurrentPassword } from "./login.js";

export async function checkPasswordChange(deps: ChatDeps, user: User, oldPassword: string | undefined, newPassword: string): Promise<void> {
  if (oldPassword === undefined) throw new BadRequestError("Wrong password!");
  const matches = await checkCurrentPassword(deps, user, oldPassword).catch((error: unknown) => {
    if (!(error instanceof RateLimitedError)) throw error;
    throw new BadRequestError(`You're making too many attempts! Try again in ${Math.trunc(Number(error.data["retry-after"]))} seconds.`);
  });
  if (!matches) throw new BadRequestError("Wrong password!");
  if (!isStrongPassword(newPassword, deps.config)) throw new BadRequestError("New password is too weak!");
}

/**
 * The current password, asked of the web app before it is handed an API key (Zulip's
 * json_fetch_api_key: "Password is incorrect."), throttled as sign-ins are.
 */
export async function checkSessionPassword(deps: ChatDeps, user: User, password: string): Promise<void> {
  const matches = await checkCurrentPassword(deps, user, password).catch((error: unknown) => {
    if (!(error instanceof RateLimitedError)) throw error;
    throw new BadRequestError(`You're making too many attempts! Try again in ${Math.trunc(Number(error.data["retry-after"]))} seconds.`);
  });
  if (!matches) throw new BadRequestError("Password is incorrect.");
}

/** A new account's password (sign-up, POST /users): Zulip's PASSWORD_TOO_WEAK_ERROR. */
export function checkNewPassword(deps: ChatDeps, password: string): void {
  if (!isStrongPassword(password, deps.config)) throw new BadRequestError("The password is too weak.");
}

/** validate_email_change_request: may `user` ask to move to `email`? */
export async function checkEmailChange(deps: ChatDeps, user: User, email: string): Promise<void> {
  const settings = await realmSettingValues(deps.db, user.realm_id);
  if (settings.email_changes_disabled === true && !isAdmin(user)) throw new BadRequestError("Email address changes are disabled in this organization.");
  if (!isValidEmail(email)) throw new BadRequestError("Invalid address.");
  if (settings.emails_restricted_to_domains === true) {
    if (email.split("@")[0]!.includes("+")) throw new BadRequestError("Email addresses containing + are not allowed.");
    if (!emailInDomains(email, await realmDomains(deps.db, user.realm_id))) throw new BadRequestError("Outside your domain.");
  }
  if (email.toLowerCase() === NOTIFICATION_BOT_EMAIL) throw new BadRequestError("Reserved for system bots.");
  const existing = await userByEmail(deps.db, user.realm_id, email);
  if (existing) throw new BadRequestError(existing.is_active ? "Already has an account." : "Account has been deactivated.");
}
