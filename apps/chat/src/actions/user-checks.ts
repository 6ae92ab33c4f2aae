// Validation of names and emails for new or renamed users, with Zulip's messages.
import type { ChatDb } from "../store/schema.js";
import { BadRequestError } from "../http/errors.js";
import { userByEmail } from "../store/users.js";

const MAX_NAME_LENGTH = 100;

export function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_NAME_LENGTH) throw new BadRequestError("Name too long!");
  if (name.length < 1) throw new BadRequestError("Name too short!");
  if (/[\u0000-\u001f\u007f*`\\>"@]/.test(name)) throw new BadRequestError("Invalid characters in name!");
  return name;
}

export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
}

export async function checkNewEmail(db: ChatDb, realmId: number, raw: string): Promise<void> {
  const email = raw.trim();
  if (!isValidEmail(email)) throw new BadRequestError(`Invalid email '${email}'`);
  if (await userByEmail(db, realmId, email)) throw new BadRequestError("Email is already in use.");
}
