import type { ChatDb } from "./schema.js";

/**
 * Sets the avatar source and moves to the next version, only if the user is still at
 * `fromVersion` (a concurrent change wins, and the caller starts over). True when it applied.
 */
export async function setAvatarFields(db: ChatDb, userId: number, fromVersion: number, source: "U" | "G"): Promise<boolean> {
  const result = await db.updateTable("users").set({ avatar_source: source, avatar_version: fromVersion + 1 }).where("id", "=", userId).where("avatar_version", "=", fromVersion).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
