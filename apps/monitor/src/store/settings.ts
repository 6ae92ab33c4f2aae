import type { Db } from "../deps.js";

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** Stores the value unless one is there already; returns whichever is stored. */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insertInto("settings").values({ key, value: make() }).onConflict((oc) => oc.column("key").doNothing()).execute();
  return (await getSetting(db, key))!;
}
