// Outgoing webhook bots' services and the outbox of calls to them (migrations/025_outgoing_webhooks.ts).
// Claims are outbox leases (store/outbox-claims.ts), so several workers never make one call twice.
import { sql, type Insertable, type Selectable } from "kysely";
import type { ChatDb, Dialect } from "./schema.js";
import { claimDue } from "./outbox-claims.js";
import type { BotServiceTable, OutgoingWebhookOutboxTable } from "./schema.js";

export type BotService = Selectable<BotServiceTable>;
export type OutgoingWebhookCall = Selectable<OutgoingWebhookOutboxTable>;

export async function insertBotService(db: ChatDb, row: Insertable<BotServiceTable>): Promise<void> {
  await db.insertInto("bot_services").values(row).execute();
}

export function serviceOfBot(db: ChatDb, botId: number): Promise<BotService | undefined> {
  return db.selectFrom("bot_services").selectAll().where("bot_id", "=", botId).executeTakeFirst();
}

/** The services of a realm's bots, by bot id (GET /bots, realm_bots). */
export async function servicesInRealm(db: ChatDb, realmId: number): Promise<Map<number, BotService>> {
  const rows = await db.selectFrom("bot_services").selectAll().where("realm_id", "=", realmId).execute();
  return new Map(rows.map((row) => [row.bot_id, row]));
}

export async function insertCalls(db: ChatDb, rows: Insertable<OutgoingWebhookOutboxTable>[]): Promise<void> {
  if (rows.length) await db.insertInto("outgoing_webhook_outbox").values(rows).execute();
}

/** Takes up to `limit` due calls, leasing them until `until`. */
export async function claimCalls(db: ChatDb, dialect: Dialect, now: number, limit: number, until: number): Promise<OutgoingWebhookCall[]> {
  const rows = await claimDue(db, dialect, "outgoing_webhook_outbox", now, limit, until);
  return rows.map((row) => ({ ...row, next_attempt: Number(row.next_attempt), date_created: Number(row.date_created) }));
}

export async function deleteCall(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("outgoing_webhook_outbox").where("id", "=", id).execute();
}

export async function retryCall(db: ChatDb, id: number, failedTries: number, nextAttempt: number, error: string): Promise<void> {
  await db.updateTable("outgoing_webhook_outbox").set({ failed_tries: failedTries, next_attempt: nextAttempt, claimed_until: null, last_error: error }).where("id", "=", id).execute();
}

/** When the next call falls due, so an idle worker can sleep until then. */
export async function nextCallDue(db: ChatDb): Promise<number | undefined> {
  const row = await db.selectFrom("outgoing_webhook_outbox").select(sql<number | null>`min(next_attempt)`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}
