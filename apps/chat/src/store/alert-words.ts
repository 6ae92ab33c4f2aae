import type { ChatDb } from "./schema.js";

export async function alertWords(db: ChatDb, userId: number): Promise<string[]> {
  const rows = await db.selectFrom("alert_words").select("word").where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => r.word);
}

export async function insertAlertWords(db: ChatDb, userId: number, words: string[]): Promise<void> {
  if (words.length) await db.insertInto("alert_words").values(words.map((word) => ({ user_id: userId, word }))).execute();
}

export async function deleteAlertWords(db: ChatDb, userId: number, words: string[]): Promise<void> {
  if (words.length) await db.deleteFrom("alert_words").where("user_id", "=", userId).where("word", "in", words).execute();
}
