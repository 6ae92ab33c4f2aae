// Figures for the service endpoints (metrics).
import type { Db } from "../deps.js";

export async function maxPingId(db: Db): Promise<number> {
  const row = await db.selectFrom("pings").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function countUnprocessedFlips(db: Db): Promise<number> {
  const row = await db.selectFrom("flips").select((eb) => eb.fn.countAll<number>().as("n")).where("processed", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function maxNotificationId(db: Db): Promise<number> {
  const row = await db.selectFrom("notifications").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}
