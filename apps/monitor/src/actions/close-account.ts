// Closing an account: its own projects go (with their checks, history and integrations), it
// leaves the teams it is on, and every session ends. Asks for the password first.
import type { MonitorDeps } from "../deps.js";
import { verifyPassword } from "../lib/passwords.js";
import { deleteAccountRows } from "../store/project-removal.js";
import type { Account } from "../store/schema.js";
import { findPasswordHash } from "../store/web-accounts.js";

export async function closeAccount(deps: MonitorDeps, account: Account, password: string): Promise<boolean> {
  const stored = await findPasswordHash(deps.db, account.id);
  if (stored === undefined || !(await verifyPassword(password, stored))) return false;
  await deps.db.transaction().execute((trx) => deleteAccountRows(trx, account.id));
  return true;
}
