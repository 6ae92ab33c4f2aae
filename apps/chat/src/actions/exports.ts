// Realm data exports (Zulip's export_realm, get_realm_exports, delete_realm_export and
// notify_realm_export): requests are recorded and handed to the background job
// (workers/exports.ts); every change of a realm's exports sends its full list to its
// administrators as a realm_export event.
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { BadRequestError } from "../http/errors.js";
import type { CommitStamp } from "../events/stamp.js";
import type { Realm } from "../store/realms.js";
import type { User } from "../store/users.js";
import { realmUploadSpace } from "../store/attachments.js";
import { countExportableMessages, countExportsSince, exportConsents, humanAdminIds, insertRealmExport, markRealmExportDeleted, realmExports, type RealmExport } from "../store/exports.js";
import { avatarsFile } from "./realm-emoji.js";
import { publish } from "./publish.js";

export const EXPORT_TYPES = ["public", "full_with_consent", "full_without_consent"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** Zulip's EXPORT_LIMIT exports per realm in 7 days. */
const EXPORT_LIMIT = 5;
const EXPORT_LIMIT_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** MAX_MESSAGE_HISTORY and MAX_UPLOAD_QUOTA: larger realms are exported by hand. */
const MAX_MESSAGE_HISTORY = 250_000;
const MAX_UPLOAD_QUOTA = 20 * 1024 * 1024 * 1024;

export function presentRealmExport(row: RealmExport, siteUrl: string): Record<string, unknown> {
  const seconds = (ms: number | null) => (ms === null ? null : Number(ms) / 1000);
  const finished = row.date_succeeded !== null || row.date_failed !== null || row.date_deleted !== null;
  return {
    id: row.id,
    export_time: Number(row.date_requested) / 1000,
    acting_user_id: row.acting_user_id,
    export_url: row.export_path !== null && row.date_deleted === null ? `${siteUrl}/user_avatars/${row.export_path}` : null,
    deleted_timestamp: seconds(row.date_deleted),
    failed_timestamp: seconds(row.date_failed),
    pending: !finished,
    export_from_prior_server: false,
    export_type: row.export_type,
  };
}

export async function realmExportsSerialized(deps: ChatDeps, realm: Realm): Promise<Record<string, unknown>[]> {
  const url = realmUrl(deps.config, realm.string_id);
  return (await realmExports(deps.db, realm.id)).map((row) => presentRealmExport(row, url));
}

export async function notifyRealmExport(deps: ChatDeps, realm: Realm, stamp?: CommitStamp): Promise<void> {
  const exports = await realmExportsSerialized(deps, realm);
  publish(deps, [{ event: { type: "realm_export", exports }, users: await humanAdminIds(deps.db, realm.id), stamp, realmId: realm.id }]);
}

/** The realm's exports that are stored here, as GET /export/realm/consents lists them. */
export async function exportConsentList(deps: ChatDeps, realm: Realm): Promise<Record<string, unknown>[]> {
  return (await exportConsents(deps.db, realm.id)).map((c) => ({ user_id: c.user_id, consented: c.consented, email_address_visibility: c.email_address_visibility }));
}

/** Zulip's checks before queueing an export; returns the new export's id. */
export async function checkRequestRealmExport(deps: ChatDeps, realm: Realm, user: User, type: ExportType, schedule: (id: number) => void): Promise<number> {
  const now = deps.clock.now().getTime();
  if ((await countExportsSince(deps.db, realm.id, now - EXPORT_LIMIT_WINDOW_MS)) >= EXPORT_LIMIT) throw new BadRequestError("Exceeded rate limit.");
  // Beacon has no owner_full_content_access: exports without consent are never available.
  if (type === "full_without_consent") throw new BadRequestError("Exports of all data without consent are not enabled for this organization.");
  const support = deps.config.supportEmail;
  const messages = await countExportableMessages(deps.db, realm.id, type === "public");
  if (messages > MAX_MESSAGE_HISTORY || (await realmUploadSpace(deps.db, realm.id)) > MAX_UPLOAD_QUOTA) {
    throw new BadRequestError(`Please request a manual export from ${support}.`);
  }
  const consents = await exportConsents(deps.db, realm.id);
  const owners = consents.filter((c) => c.role === 100);
  if (type === "full_with_consent" && !owners.some((c) => c.consented)) {
    throw new BadRequestError(`Make sure at least one Organization Owner is consenting to the export or contact ${support} for help.`);
  }
  // An importable export needs an owner whose address administrators may see (not "nobody").
  if (type === "public" && !owners.some((c) => c.email_address_visibility !== 4)) {
    throw new BadRequestError(`Make sure at least one Organization Owner allows other Administrators to see their email address or contact ${support} for help`);
  }
  const { value: id, stamp } = await deps.events.transaction((trx) => insertRealmExport(trx, { realm_id: realm.id, acting_user_id: user.id, export_type: type, date_requested: now }));
  await notifyRealmExport(deps, realm, stamp);
  schedule(id);
  return id;
}

/** delete_realm_export's refusals, in Zulip's order. */
export function checkDeletableExport(row: RealmExport): void {
  if (row.date_deleted !== null) throw new BadRequestError("Export already deleted");
  if (row.date_failed !== null) throw new BadRequestError("Export failed, nothing to delete");
  if (row.date_succeeded === null || row.export_path === null) throw new BadRequestError("Export still in progress");
}

/** do_delete_realm_export: the row stays (deleted), the tarball and its directory go. */
export async function doDeleteRealmExport(deps: ChatDeps, realm: Realm, row: RealmExport): Promise<void> {
  const { value: marked, stamp } = await deps.events.transaction((trx) => markRealmExportDeleted(trx, row.id, deps.clock.now().getTime()));
  if (!marked) throw new BadRequestError("Export already deleted");
  await rm(dirname(avatarsFile(deps, row.export_path!)), { recursive: true, force: true });
  await notifyRealmExport(deps, realm, stamp);
}
