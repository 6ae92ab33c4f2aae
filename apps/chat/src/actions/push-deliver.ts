// Delivering the push outbox. E2EE notifications of one realm go to the bouncer together (its
// /remotes/push/e2ee/notify takes any devices' requests at once); legacy registrations go one
// user at a time (/remotes/push/notify names the user). A network failure or a 5xx is retried
// with backoff; the bouncer refusing the realm (not registered, no plan) marks push
// notifications off for it, as Zulip does. A message read or deleted meanwhile is not pushed.
import type { ChatDeps } from "../deps.js";
import { externalHost, realmUrl } from "../config.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { mobilePushContent, truncateContent } from "../lib/push-content.js";
import { e2eeMessagePayload, e2eePushRequest, e2eeRemovePayload, legacyApnsMessage, legacyGcmMessage, legacyRemove, type E2eeDevice, type PushMessage, type PushRealm } from "../lib/push-payloads.js";
import { legacyUserUuid } from "../lib/push.js";
import { BouncerRefusedError } from "../lib/push-errors.js";
import { displayTopic } from "../lib/topics.js";
import { avatarUrl } from "../present/user.js";
import { recipientMembers } from "../store/messages.js";
import { claimOutbox, deleteOutbox, forgetNotified, retryOutbox, type PushOutboxRow } from "../store/push-outbox.js";
import { deleteLegacyTokens, devicesWithTokenIds, e2eeDevicesOf, groupNames, legacyTokensOf, messagesById, pairFlags, realmsById, streamsById, usersById } from "../store/push-delivery.js";
import { TOKEN_KIND_APNS, TOKEN_KIND_FCM } from "../store/schema.js";
import { realmSettingValues } from "../store/settings.js";
import { holdingClaims, type LeaseTiming } from "./outbox-leases.js";
import { bigIntList, jsonWithBigInts, postToBouncerText } from "./push-bouncer.js";
import { doForgetPushToken, realmUuid } from "./push.js";
import { doSetRealmPushStatus } from "./push-status.js";

/** Attempts before a notification is given up (it is stale news by then). */
export const MAX_ATTEMPTS = 5;
/** Wait before attempts 2, 3, 4 and 5. */
export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000];
/** Push requests per bouncer call. */
const REQUESTS_PER_CALL = 500;

export interface DeliveryOptions extends LeaseTiming {
  batch: number;
}

/** Everything the claimed rows refer to, read in a fixed number of queries. */
async function loadContext(deps: ChatDeps, rows: PushOutboxRow[]) {
  const { db } = deps;
  const messageIds = rows.filter((r) => r.message_id !== null).map((r) => r.message_id!);
  const messages = await messagesById(db, messageIds);
  const list = [...messages.values()];
  const [users, realms, streams, flags, members, groups] = await Promise.all([
    usersById(db, [...rows.map((r) => r.user_id), ...list.map((m) => m.sender_id)]),
    realmsById(db, rows.map((r) => r.realm_id)),
    streamsById(db, list.filter((m) => m.stream_id !== null).map((m) => m.stream_id!)),
    pairFlags(db, rows.filter((r) => r.message_id !== null).map((r) => ({ userId: r.user_id, messageId: r.message_id! }))),
    recipientMembers(db, [...new Set(list.filter((m) => m.stream_id === null).map((m) => m.recipient_id))]),
    groupNames(db, rows.filter((r) => r.mentioned_group_id !== null).map((r) => r.mentioned_group_id!)),
  ]);
  // Group conversations show everyone's names on legacy iOS notifications.
  const memberUsers = await usersById(db, [...members.values()].flat());
  return { messages, users, realms, streams, flags, members, memberUsers, groups };
}
type Context = Awaited<ReturnType<typeof loadContext>>;

function pushRealm(deps: ChatDeps, ctx: Context, realmId: number): PushRealm | undefined {
  const realm = ctx.realms.get(realmId);
  return realm && { id: realm.id, name: realm.name, url: realmUrl(deps.config, realm.string_id), host: externalHost(deps.config) };
}

function pushMessage(deps: ChatDeps, ctx: Context, realm: PushRealm, row: PushOutboxRow): (PushMessage & { groupNames?: string[] }) | undefined {
  const m = ctx.messages.get(row.message_id!);
  const sender = m && ctx.users.get(m.sender_id);
  if (!m || !sender) return undefined;
  const avatar = avatarUrl(sender, false) ?? "";
  const { content, truncated } = truncateContent(mobilePushContent(m.rendered_content));
  const out: PushMessage & { groupNames?: string[] } = {
    id: m.id,
    senderId: sender.id,
    senderEmail: sender.email,
    senderFullName: sender.full_name,
    senderAvatarUrl: avatar.startsWith("/") ? realm.url + avatar : avatar,
    time: Math.floor(m.date_sent / 1000),
    content,
    truncated,
  };
  if (m.stream_id !== null) out.channel = { id: m.stream_id, name: ctx.streams.get(m.stream_id)?.name ?? "", topic: displayTopic(m.topic, false) };
  const participants = m.stream_id === null ? (ctx.members.get(m.recipient_id) ?? []) : [];
  if (participants.length > 2) {
    out.groupUserIds = [...participants].sort((a, b) => a - b);
    out.groupNames = participants.map((id) => ctx.memberUsers.get(id)?.full_name ?? "");
  }
  if (row.mentioned_group_id !== null && ctx.groups.has(row.mentioned_group_id)) out.mentionedGroup = { id: row.mentioned_group_id, name: ctx.groups.get(row.mentioned_group_id)! };
  return out;
}

/** Whether the row is still worth sending: its message exists and the user has not read it. */
function stillUnread(ctx: Context, row: PushOutboxRow): boolean {
  if (row.kind !== "message") return true;
  const flags = ctx.flags.get(`${row.user_id}:${row.message_id}`);
  return flags !== undefined && !(flags & FLAG_BITS.read) && ctx.messages.has(row.message_id!);
}

const removalIds = (row: PushOutboxRow): number[] => JSON.parse(row.message_ids ?? "[]") as number[];

type Outcome = { ok: true } | { ok: false; retry: boolean; error: unknown };

async function attempt(send: () => Promise<void>): Promise<Outcome> {
  try {
    await send();
    return { ok: true };
  } catch (error) {
    return { ok: false, retry: !(error instanceof BouncerRefusedError), error };
  }
}

/** E2EE rows of one realm: one bouncer call for all their devices (in chunks). */
async function deliverE2ee(deps: ChatDeps, ctx: Context, realmId: number, rows: PushOutboxRow[]): Promise<Outcome> {
  const realm = pushRealm(deps, ctx, realmId);
  if (!realm) return { ok: true };
  const devices = await e2eeDevicesOf(deps.db, rows.map((r) => r.user_id));
  const requests: Record<string, unknown>[] = [];
  for (const row of rows) {
    const removal = row.kind === "remove";
    const payload = removal ? e2eeRemovePayload(realm, row.user_id, removalIds(row)) : (() => {
      const message = pushMessage(deps, ctx, realm, row);
      return message && e2eeMessagePayload(realm, row.user_id, message);
    })();
    if (!payload) continue;
    for (const device of devices.get(row.user_id) ?? []) requests.push(e2eePushRequest(device as E2eeDevice, payload, removal));
  }
  const uuid = await realmUuid(deps, realmId);
  for (let i = 0; i < requests.length; i += REQUESTS_PER_CALL) {
    const outcome = await attempt(async () => {
      const { parsed, text } = await postToBouncerText(deps.config, "remotes/push/e2ee/notify", { json: jsonWithBigInts({ realm_uuid: uuid, push_requests: requests.slice(i, i + REQUESTS_PER_CALL) }) });
      await afterE2eeAnswer(deps, realmId, parsed, text);
    });
    if (!outcome.ok) return outcome;
  }
  return { ok: true };
}

/** The bouncer's word on devices that are gone and on whether the realm may push. */
async function afterE2eeAnswer(deps: ChatDeps, realmId: number, parsed: Record<string, unknown>, text: string): Promise<void> {
  const gone = bigIntList(text, "delete_device_ids").map((id) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigInt64BE(id);
    return bytes.toString("base64");
  });
  for (const device of await devicesWithTokenIds(deps.db, gone)) await doForgetPushToken(deps, device, realmId);
  const status = parsed.realm_push_status as { can_push?: unknown; expected_end_timestamp?: unknown } | undefined;
  if (status && typeof status.can_push === "boolean") await doSetRealmPushStatus(deps, realmId, status.can_push, typeof status.expected_end_timestamp === "number" ? status.expected_end_timestamp : null);
}

/** One legacy row: the user's APNs and FCM tokens, plaintext payloads (redacted if the realm requires E2EE). */
async function deliverLegacy(deps: ChatDeps, ctx: Context, row: PushOutboxRow): Promise<Outcome> {
  const realm = pushRealm(deps, ctx, row.realm_id);
  const tokens = (await legacyTokensOf(deps.db, [row.user_id])).get(row.user_id) ?? [];
  if (!realm || !tokens.length) return { ok: true };
  let apns: Record<string, unknown>;
  let gcm: Record<string, unknown>;
  let options: Record<string, unknown>;
  if (row.kind === "remove") {
    ({ apns, gcm, options } = legacyRemove(realm, row.user_id, removalIds(row)));
  } else {
    const message = pushMessage(deps, ctx, realm, row);
    if (!message) return { ok: true };
    const requireE2ee = (await realmSettingValues(deps.db, row.realm_id)).require_e2ee_push_notifications === true;
    // compat: Zulip's placeholder when the organization requires end-to-end encryption.
    const content = requireE2ee ? "New message" : message.content;
    apns = legacyApnsMessage(realm, row.user_id, message, row.trigger ?? "", content, message.groupNames);
    ({ payload: gcm, options } = legacyGcmMessage(realm, row.user_id, message, content));
  }
  const uuid = await realmUuid(deps, row.realm_id);
  const body = {
    user_uuid: legacyUserUuid(uuid, row.user_id),
    user_id: row.user_id,
    realm_uuid: uuid,
    apns_payload: apns,
    gcm_payload: gcm,
    gcm_options: options,
    android_devices: tokens.filter((t) => t.kind === TOKEN_KIND_FCM).map((t) => t.token),
    apple_devices: tokens.filter((t) => t.kind === TOKEN_KIND_APNS).map((t) => t.token),
  };
  return attempt(async () => {
    const { parsed } = await postToBouncerText(deps.config, "remotes/push/notify", { json: JSON.stringify(body) });
    const deleted = (parsed.deleted_devices ?? {}) as { android_devices?: unknown; apple_devices?: unknown };
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    await deleteLegacyTokens(deps.db, [row.user_id], TOKEN_KIND_FCM, strings(deleted.android_devices));
    await deleteLegacyTokens(deps.db, [row.user_id], TOKEN_KIND_APNS, strings(deleted.apple_devices));
    const status = parsed.realm as { can_push?: unknown; expected_end_timestamp?: unknown } | undefined;
    if (status && typeof status.can_push === "boolean") await doSetRealmPushStatus(deps, row.realm_id, status.can_push, typeof status.expected_end_timestamp === "number" ? status.expected_end_timestamp : null);
  });
}

async function settle(deps: ChatDeps, rows: PushOutboxRow[], outcome: Outcome): Promise<void> {
  const now = deps.clock.now().getTime();
  if (outcome.ok) return deleteOutbox(deps.db, rows.map((r) => r.id));
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  if (!outcome.retry) {
    // Refused: the realm is not registered with the bouncer, or may not push. Retrying
    // cannot help until an administrator acts; Zulip turns the realm's flag off meanwhile.
    deps.log.warn({ realmId: rows[0]!.realm_id, err: outcome.error }, "push bouncer refused notifications");
    const refused = outcome.error as BouncerRefusedError;
    if (refused.status === 403 || refused.code === "MISSING_REMOTE_REALM") await doSetRealmPushStatus(deps, rows[0]!.realm_id, false, null);
    return deleteOutbox(deps.db, rows.map((r) => r.id));
  }
  const giveUp = rows.filter((r) => r.attempts >= MAX_ATTEMPTS);
  const again = rows.filter((r) => r.attempts < MAX_ATTEMPTS);
  if (giveUp.length) deps.log.warn({ rows: giveUp.map((r) => r.id), err: outcome.error }, "push notifications given up after retries");
  await deleteOutbox(deps.db, giveUp.map((r) => r.id));
  for (const row of again) await retryOutbox(deps.db, [row.id], now + BACKOFF_MS[Math.min(row.attempts, BACKOFF_MS.length) - 1]!, message);
}

/** One delivery cycle; returns how many outbox rows it took. */
export async function doDeliverDue(deps: ChatDeps, options: DeliveryOptions): Promise<number> {
  const now = deps.clock.now().getTime();
  const until = now + options.leaseMs;
  const rows = await claimOutbox(deps.db, deps.dialect, now, options.batch, until);
  if (!rows.length) return 0;
  await holdingClaims(deps, "push_outbox", rows.map((r) => r.id), until, options, () => deliverClaimed(deps, rows));
  return rows.length;
}

async function deliverClaimed(deps: ChatDeps, rows: PushOutboxRow[]): Promise<void> {
  const ctx = await loadContext(deps, rows);
  const live: PushOutboxRow[] = [];
  for (const row of rows) {
    if (stillUnread(ctx, row)) live.push(row);
    else {
      // Read before it went out: nothing to show, so nothing to remove later either.
      await forgetNotified(deps.db, row.user_id, [row.message_id!]);
      await deleteOutbox(deps.db, [row.id]);
    }
  }
  const byRealm = new Map<number, PushOutboxRow[]>();
  for (const row of live.filter((r) => r.channel === "e2ee")) byRealm.set(row.realm_id, [...(byRealm.get(row.realm_id) ?? []), row]);
  for (const [realmId, realmRows] of byRealm) await settle(deps, realmRows, await deliverE2ee(deps, ctx, realmId, realmRows));
  for (const row of live.filter((r) => r.channel === "legacy")) await settle(deps, [row], await deliverLegacy(deps, ctx, row));
}
