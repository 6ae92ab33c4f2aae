// Custom emoji rows, and a realm's emoji as the renderer and reactions look them up, cached
// per realm-state generation (realm_emoji writes move the state version, migration 012).
import type { Selectable } from "kysely";
import type { RealmState } from "./realm-state.js";
import type { ChatDb } from "./schema.js";
import type { RealmEmojiTable } from "./schema.js";

export type RealmEmoji = Selectable<RealmEmojiTable>;

/** Every stored emoji of the realm, deactivated ones included, by id. */
export function realmEmojiRows(db: ChatDb, realmId: number): Promise<RealmEmoji[]> {
  return db.selectFrom("realm_emoji").selectAll().where("realm_id", "=", realmId).where("file_name", "is not", null).orderBy("id").execute();
}

export function activeEmojiByName(db: ChatDb, realmId: number, name: string): Promise<RealmEmoji | undefined> {
  return db.selectFrom("realm_emoji").selectAll().where("realm_id", "=", realmId).where("name", "=", name).where("deactivated", "=", 0).executeTakeFirst();
}

export async function insertRealmEmoji(db: ChatDb, row: Omit<RealmEmojiTable, "id">): Promise<number> {
  const { id } = await db.insertInto("realm_emoji").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function setEmojiFile(db: ChatDb, id: number, fileName: string, isAnimated: boolean): Promise<void> {
  await db.updateTable("realm_emoji").set({ file_name: fileName, is_animated: isAnimated ? 1 : 0 }).where("id", "=", id).execute();
}

export async function deactivateEmoji(db: ChatDb, id: number): Promise<void> {
  await db.updateTable("realm_emoji").set({ deactivated: 1 }).where("id", "=", id).execute();
}

export interface RealmEmojiIndex {
  /** every listed emoji by id (as a string, Zulip's emoji_code) */
  byId: Map<string, RealmEmoji>;
  /** active emoji by name */
  byName: Map<string, RealmEmoji>;
}

const indexes = new WeakMap<RealmState, Promise<RealmEmojiIndex>>();

/** The realm's emoji for this state generation, loaded once per generation. */
export function realmEmojiIndex(db: ChatDb, state: RealmState): Promise<RealmEmojiIndex> {
  let index = indexes.get(state);
  if (!index) {
    index = realmEmojiRows(db, state.realm.id).then((rows) => ({
      byId: new Map(rows.map((r) => [String(r.id), r])),
      byName: new Map(rows.filter((r) => !r.deactivated).map((r) => [r.name, r])),
    }));
    indexes.set(state, index);
    index.catch(() => indexes.delete(state));
  }
  return index;
}
