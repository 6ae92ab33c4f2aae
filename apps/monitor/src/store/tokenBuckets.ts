// Token buckets, one row per throttled thing (an address's sign-in attempts, …).
import type { Db } from "../deps.js";

export interface Bucket {
  tokens: number;
  updated: number;
}

export async function findBucket(db: Db, value: string): Promise<Bucket | undefined> {
  return db.selectFrom("token_buckets").select(["tokens", "updated"]).where("value", "=", value).executeTakeFirst();
}

export async function saveBucket(db: Db, value: string, bucket: Bucket): Promise<void> {
  await db
    .insertInto("token_buckets")
    .values({ value, ...bucket })
    .onConflict((oc) => oc.column("value").doUpdateSet(bucket))
    .execute();
}
