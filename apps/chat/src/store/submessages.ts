// Submessages (widget state changes) by message.
import type { Selectable } from "kysely";
import type { ChatDb } from "./schema.js";
import type { SubmessageTable } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export type Submessage = Selectable<SubmessageTable>;

export async function insertSubmessage(db: ChatDb, row: Omit<Submessage, "id">): Promise<number> {
  const inserted = await db.insertInto("submessages").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

/** Each message's submessages, oldest first. */
export async function submessagesByMessage(db: ChatDb, messageIds: number[]): Promise<Map<number, Submessage[]>> {
  const out = new Map<number, Submessage[]>();
  // Every page of GET /messages asks, and nearly always finds none: one cached statement on SQLite.
  const direct = directStatement(db, "select id, message_id, sender_id, msg_type, content from submessages where message_id in (select value from json_each(?)) order by id");
  for (let i = 0; i < messageIds.length; i += 500) {
    const chunk = messageIds.slice(i, i + 500);
    const rows = direct ? (direct.all(JSON.stringify(chunk)) as Submessage[]) : await db.selectFrom("submessages").selectAll().where("message_id", "in", chunk).orderBy("id").execute();
    for (const row of rows) {
      const list = out.get(row.message_id);
      if (list) list.push(row);
      else out.set(row.message_id, [row]);
    }
  }
  return out;
}

/** The message's first "widget" submessage, which names its widget type. */
export function widgetSubmessage(db: ChatDb, messageId: number): Promise<Submessage | undefined> {
  return db.selectFrom("submessages").selectAll().where("message_id", "=", messageId).where("msg_type", "=", "widget").orderBy("id").limit(1).executeTakeFirst();
}

export async function hasSubmessageFrom(db: ChatDb, messageId: number, senderId: number): Promise<boolean> {
  const row = await db.selectFrom("submessages").select("id").where("message_id", "=", messageId).where("sender_id", "=", senderId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteSubmessagesOf(db: ChatDb, messageIds: number[]): Promise<void> {
  if (messageIds.length) await db.deleteFrom("submessages").where("message_id", "in", messageIds).execute();
}
