import type { ChatDb } from "./schema.js";

/** The bot's entries, all of them or those of `keys`, in key order. */
export async function botStorage(db: ChatDb, botId: number, keys?: string[]): Promise<Map<string, string>> {
  let q = db.selectFrom("bot_storage").select(["key", "value"]).where("bot_id", "=", botId);
  if (keys) {
    if (!keys.length) return new Map();
    q = q.where("key", "in", keys);
  }
  const rows = await q.orderBy("key").execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Characters used by the bot's entries (keys plus values), as Zulip counts them. */
export async function botStorageSize(db: ChatDb, botId: number): Promise<number> {
  const rows = await db.selectFrom("bot_storage").select(["key", "value"]).where("bot_id", "=", botId).execute();
  return rows.reduce((sum, r) => sum + [...r.key].length + [...r.value].length, 0);
}

export async function putBotStorage(db: ChatDb, botId: number, entries: [string, string][]): Promise<void> {
  for (const [key, value] of entries) {
    await db
      .insertInto("bot_storage")
      .values({ bot_id: botId, key, value })
      .onConflict((oc) => oc.columns(["bot_id", "key"]).doUpdateSet({ value }))
      .execute();
  }
}

export async function deleteBotStorage(db: ChatDb, botId: number, keys?: string[]): Promise<void> {
  let q = db.deleteFrom("bot_storage").where("bot_id", "=", botId);
  if (keys) {
    if (!keys.length) return;
    q = q.where("key", "in", keys);
  }
  await q.execute();
}
