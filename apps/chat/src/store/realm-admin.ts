import type { ChatDb } from "./schema.js";

export async function deactivateRealm(db: ChatDb, realmId: number): Promise<void> {
  await db.updateTable("realms").set({ deactivated: 1 }).where("id", "=", realmId).execute();
}
