// The realm export job, run in the background of the server process (Zulip's deferred_work
// queue): it claims the export row, writes a tar.gz of the realm's data under
// <uploads>/avatars/exports/<realm>/<random>/, records the outcome, sends the requester a
// Notification Bot message on success and the realm's administrators a realm_export event
// either way. A claim older than STALE_MS whose job never finished (its process died) is
// taken over at the next start, so a requested export is never silently dropped.
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { ChatDeps } from "../deps.js";
import { tarGz, type TarEntry } from "../lib/tar.js";
import { avatarsFile } from "../actions/realm-emoji.js";
import { notifyRealmExport } from "../actions/exports.js";
import { sendInternalMessage } from "../actions/notification-bot.js";
import { getRealm, type Realm } from "../store/realms.js";
import { getUser } from "../store/users.js";
import { claimRealmExport, exportConsents, exportMessageBatch, exportStreams, exportSubscriptions, exportUsers, finishRealmExport, realmExportById, unfinishedExportIds, type RealmExport } from "../store/exports.js";

const STALE_MS = 60 * 60 * 1000;
const BATCH = 1000;

const jobs = new WeakMap<ChatDeps, Set<Promise<void>>>();

/** Starts the export job without waiting for it (the request that asked for it returns at once). */
export function scheduleRealmExport(deps: ChatDeps, id: number): void {
  let running = jobs.get(deps);
  if (!running) jobs.set(deps, (running = new Set()));
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => runRealmExport(deps, id))
    .catch((err: unknown) => deps.log.error({ err, exportId: id }, "realm export job failed"))
    .finally(() => running.delete(job));
  running.add(job);
}

/** Waits for the export jobs of these deps (at shutdown, and in tests). */
export async function drainRealmExports(deps: ChatDeps): Promise<void> {
  const running = jobs.get(deps);
  while (running?.size) await Promise.all([...running]);
}

/** At start-up: exports left unfinished by a process that stopped are built now. */
export async function resumeRealmExports(deps: ChatDeps): Promise<void> {
  for (const id of await unfinishedExportIds(deps.db, deps.clock.now().getTime() - STALE_MS)) scheduleRealmExport(deps, id);
}

const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/[T:]/g, "-");

export async function runRealmExport(deps: ChatDeps, id: number): Promise<void> {
  const now = deps.clock.now().getTime();
  if (!(await claimRealmExport(deps.db, id, now, now - STALE_MS))) return;
  const row = (await realmExportById(deps.db, id))!;
  const realm = (await getRealm(deps.db, row.realm_id))!;
  try {
    const name = `zulip-export-${realm.string_id || "root"}-${stamp(deps.clock.now())}-${randomBytes(4).toString("hex")}`;
    const path = `exports/${realm.id}/${randomBytes(18).toString("base64url")}/${name}.tar.gz`;
    const file = avatarsFile(deps, path);
    const data = await tarGz(await exportEntries(deps, realm, row, name));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(`${file}.part`, data);
    await rename(`${file}.part`, file);
    const { stamp: committed } = await deps.events.transaction((trx) => finishRealmExport(trx, id, { succeededAt: deps.clock.now().getTime(), path }));
    const requester = await getUser(deps.db, row.acting_user_id);
    if (requester?.is_active) {
      await sendInternalMessage(deps, {
        realm,
        target: { kind: "private", recipients: [requester] },
        content: "Your data export is complete. [View and download exports](/#organization/data-exports-admin).",
        now: deps.clock.now().getTime(),
      }).catch((err: unknown) => deps.log.warn({ err, exportId: id }, "export notice not sent"));
    }
    await notifyRealmExport(deps, realm, committed);
  } catch (err) {
    deps.log.error({ err, exportId: id }, "realm export failed");
    const { stamp: committed } = await deps.events.transaction((trx) => finishRealmExport(trx, id, { failedAt: deps.clock.now().getTime() }));
    await notifyRealmExport(deps, realm, committed);
  }
}

/** realm.json, users.json, channels.json and messages-NNNNNN.json, under one top directory. */
async function exportEntries(deps: ChatDeps, realm: Realm, row: RealmExport, top: string): Promise<TarEntry[]> {
  const mtime = Math.floor(deps.clock.now().getTime() / 1000);
  const entry = (name: string, value: unknown): TarEntry => ({ name: `${top}/${name}`, data: Buffer.from(JSON.stringify(value, null, 1)), mtime });
  const publicOnly = row.export_type === "public";
  const consenting = row.export_type === "full_with_consent" ? (await exportConsents(deps.db, realm.id)).filter((c) => c.consented).map((c) => c.user_id) : [];
  const users = await exportUsers(deps.db, realm.id);
  const streams = await exportStreams(deps.db, realm.id, publicOnly);
  const subscriptions = await exportSubscriptions(deps.db, streams.map((s) => s.id));
  const entries = [
    entry("realm.json", {
      realm: { id: realm.id, string_id: realm.string_id, name: realm.name, description: realm.description, date_created: Number(realm.date_created) / 1000 },
      export_type: row.export_type,
      consenting_user_ids: consenting,
    }),
    entry("users.json", users.map((u) => ({ ...u, date_joined: Number(u.date_joined) / 1000, is_bot: Boolean(u.is_bot), is_active: Boolean(u.is_active) }))),
    entry("channels.json", { channels: streams.map((s) => ({ ...s, date_created: Number(s.date_created) / 1000, invite_only: Boolean(s.invite_only), is_web_public: Boolean(s.is_web_public), history_public_to_subscribers: Boolean(s.history_public_to_subscribers), deactivated: Boolean(s.deactivated) })), subscriptions }),
  ];
  let after = 0;
  for (let part = 1; ; part++) {
    const messages = await exportMessageBatch(deps.db, realm.id, after, BATCH, consenting);
    if (!messages.length) break;
    after = messages[messages.length - 1]!.id;
    const dicts = messages.map((m) => ({ ...m, date_sent: Number(m.date_sent) / 1000, last_edit_time: m.last_edit_time === null ? null : Number(m.last_edit_time) / 1000 }));
    entries.push(entry(`messages-${String(part).padStart(6, "0")}.json`, { messages: dicts }));
    if (messages.length < BATCH) break;
  }
  return entries;
}
