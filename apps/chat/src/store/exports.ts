// Realm exports (the realm_exports rows) and the reads an export is built from.
import type { Selectable } from "kysely";
import type { ChatDb } from "./schema.js";
import type { RealmExportTable } from "./schema.js";

export type RealmExport = Selectable<RealmExportTable>;

export async function insertRealmExport(db: ChatDb, row: { realm_id: number; acting_user_id: number; export_type: string; date_requested: number }): Promise<number> {
  const { id } = await db
    .insertInto("realm_exports")
    .values({ ...row, date_started: null, date_succeeded: null, date_failed: null, date_deleted: null, export_path: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function countExportsSince(db: ChatDb, realmId: number, since: number): Promise<number> {
  const row = await db.selectFrom("realm_exports").select((eb) => eb.fn.countAll<number | string>().as("n")).where("realm_id", "=", realmId).where("date_requested", ">=", since).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function realmExports(db: ChatDb, realmId: number): Promise<RealmExport[]> {
  return db.selectFrom("realm_exports").selectAll().where("realm_id", "=", realmId).orderBy("id").execute();
}

export function realmExportById(db: ChatDb, id: number): Promise<RealmExport | undefined> {
  return db.selectFrom("realm_exports").selectAll().where("id", "=", id).executeTakeFirst();
}

export function realmExportByPath(db: ChatDb, path: string): Promise<RealmExport | undefined> {
  return db.selectFrom("realm_exports").selectAll().where("export_path", "=", path).executeTakeFirst();
}

/**
 * Takes an unfinished export for this job: one nobody started, or whose job started before
 * `staleBefore` and never finished (its process died). Only one claimant's update matches.
 */
export async function claimRealmExport(db: ChatDb, id: number, now: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .updateTable("realm_exports")
    .set({ date_started: now })
    .where("id", "=", id)
    .where("date_succeeded", "is", null)
    .where("date_failed", "is", null)
    .where("date_deleted", "is", null)
    .where((eb) => eb.or([eb("date_started", "is", null), eb("date_started", "<", staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Exports waiting for a job: never started, or started before `staleBefore` and unfinished. */
export async function unfinishedExportIds(db: ChatDb, staleBefore: number): Promise<number[]> {
  const rows = await db
    .selectFrom("realm_exports")
    .select("id")
    .where("date_succeeded", "is", null)
    .where("date_failed", "is", null)
    .where("date_deleted", "is", null)
    .where((eb) => eb.or([eb("date_started", "is", null), eb("date_started", "<", staleBefore)]))
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

export async function finishRealmExport(db: ChatDb, id: number, outcome: { succeededAt: number; path: string } | { failedAt: number }): Promise<void> {
  const set = "path" in outcome ? { date_succeeded: outcome.succeededAt, export_path: outcome.path } : { date_failed: outcome.failedAt };
  await db.updateTable("realm_exports").set(set).where("id", "=", id).execute();
}

/** Marks a finished export deleted; false when another request did it first. */
export async function markRealmExportDeleted(db: ChatDb, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable("realm_exports").set({ date_deleted: now }).where("id", "=", id).where("date_deleted", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** get_human_admin_users: active administrators and owners who are not bots. */
export async function humanAdminIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db.selectFrom("users").select("id").where("realm_id", "=", realmId).where("is_active", "=", 1).where("is_bot", "=", 0).where("role", "<=", 200).orderBy("id").execute();
  return rows.map((r) => r.id);
}

export interface ExportConsent {
  user_id: number;
  role: number;
  consented: boolean;
  email_address_visibility: number;
}

/** Active humans with their allow_private_data_export and email_address_visibility (Zulip's defaults: false, 1). */
export async function exportConsents(db: ChatDb, realmId: number): Promise<ExportConsent[]> {
  const users = await db.selectFrom("users").select(["id", "role", "email_address_visibility"]).where("realm_id", "=", realmId).where("is_active", "=", 1).where("is_bot", "=", 0).orderBy("id").execute();
  if (!users.length) return [];
  const settings = await db
    .selectFrom("user_settings")
    .innerJoin("users", "users.id", "user_settings.user_id")
    .select(["user_settings.user_id", "user_settings.value"])
    .where("users.realm_id", "=", realmId)
    .where("user_settings.name", "=", "allow_private_data_export")
    .execute();
  const consented = new Set(settings.filter((s) => JSON.parse(s.value) === true).map((s) => s.user_id));
  return users.map((u) => ({ user_id: u.id, role: u.role, consented: consented.has(u.id), email_address_visibility: u.email_address_visibility }));
}

/** Messages an export of this kind would hold, for the size limit: public channels', or all. */
export async function countExportableMessages(db: ChatDb, realmId: number, publicOnly: boolean): Promise<number> {
  let query = db.selectFrom("messages").select((eb) => eb.fn.countAll<number | string>().as("n")).where("messages.realm_id", "=", realmId);
  if (publicOnly) query = query.innerJoin("streams", "streams.id", "messages.stream_id").where("streams.invite_only", "=", 0);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function exportUsers(db: ChatDb, realmId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "role", "is_bot", "bot_type", "bot_owner_id", "is_active", "date_joined", "timezone", "avatar_source", "avatar_version"])
    .where("realm_id", "=", realmId)
    .orderBy("id")
    .execute();
}

export function exportStreams(db: ChatDb, realmId: number, publicOnly: boolean) {
  let query = db.selectFrom("streams").select(["id", "name", "description", "invite_only", "is_web_public", "history_public_to_subscribers", "date_created", "creator_id", "deactivated"]).where("realm_id", "=", realmId);
  if (publicOnly) query = query.where("invite_only", "=", 0);
  return query.orderBy("id").execute();
}

export async function exportSubscriptions(db: ChatDb, streamIds: number[]): Promise<{ user_id: number; stream_id: number }[]> {
  if (!streamIds.length) return [];
  return db.selectFrom("subscriptions").select(["user_id", "stream_id"]).where("stream_id", "in", streamIds).where("active", "=", 1).orderBy("stream_id").orderBy("user_id").execute();
}

export type ExportMessage = Awaited<ReturnType<typeof exportMessageBatch>>[number];

/**
 * One batch of the realm's exportable messages after `afterId`, by id: those in public channels,
 * plus (full exports with consent) those the consenting users received.
 */
export function exportMessageBatch(db: ChatDb, realmId: number, afterId: number, limit: number, consenting: number[]) {
  return db
    .selectFrom("messages")
    .leftJoin("streams", "streams.id", "messages.stream_id")
    .select(["messages.id", "messages.sender_id", "messages.recipient_id", "messages.stream_id", "messages.topic", "messages.content", "messages.rendered_content", "messages.date_sent", "messages.last_edit_time"])
    .where("messages.realm_id", "=", realmId)
    .where("messages.id", ">", afterId)
    .where((eb) => {
      const isPublic = eb("streams.invite_only", "=", 0);
      if (!consenting.length) return isPublic;
      const received = eb.exists(eb.selectFrom("user_messages").select("user_messages.message_id").whereRef("user_messages.message_id", "=", "messages.id").where("user_messages.user_id", "in", consenting));
      return eb.or([isPublic, received]);
    })
    .orderBy("messages.id")
    .limit(limit)
    .execute();
}
