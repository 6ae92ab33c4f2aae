import type { Selectable } from "kysely";
import type { ChatDb, ReactionTable } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export type Reaction = Selectable<ReactionTable>;

export async function reactionsByMessage(db: ChatDb, messageIds: number[]): Promise<Map<number, Reaction[]>> {
  const out = new Map<number, Reaction[]>();
  if (!messageIds.length) return out;
  // SQLite: one cached statement for any number of ids (every GET /messages page loads these).
  const direct = directStatement(db, "select * from reactions where message_id in (select value from json_each(?)) order by id");
  const rows = direct
    ? (direct.all(JSON.stringify(messageIds)) as Reaction[])
    : await db.selectFrom("reactions").selectAll().where("message_id", "in", messageIds).orderBy("id").execute();
  for (const row of rows) {
    const list = out.get(row.message_id) ?? [];
    list.push(row);
    out.set(row.message_id, list);
  }
  return out;
}

export function findReaction(db: ChatDb, key: { message_id: number; user_id: number; reaction_type: string; emoji_code: string }): Promise<Reaction | undefined> {
  return db
    .selectFrom("reactions")
    .selectAll()
    .where("message_id", "=", key.message_id)
    .where("user_id", "=", key.user_id)
    .where("reaction_type", "=", key.reaction_type)
    .where("emoji_code", "=", key.emoji_code)
    .executeTakeFirst();
}

/** A reaction of anyone on the message with this emoji (to reuse its name when voting). */
export function reactionWithCode(db: ChatDb, messageId: number, reactionType: string, emojiCode: string): Promise<Reaction | undefined> {
  return db.selectFrom("reactions").selectAll().where("message_id", "=", messageId).where("reaction_type", "=", reactionType).where("emoji_code", "=", emojiCode).orderBy("id").executeTakeFirst();
}

export async function insertReaction(db: ChatDb, row: Omit<Reaction, "id">): Promise<void> {
  await db.insertInto("reactions").values(row).execute();
}

export async function deleteReaction(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("reactions").where("id", "=", id).execute();
}
