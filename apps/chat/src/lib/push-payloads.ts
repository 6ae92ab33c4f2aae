// What a phone receives: the JSON Zulip encrypts for E2EE devices (api_docs/mobile-notifications),
// the plaintext APNs and FCM payloads of legacy registrations, and the push requests that wrap
// them for the bouncer. Field sets and names follow zerver/lib/push_notifications.py.
import { encryptPushPayload, tokenIdValue } from "./push.js";

export interface PushRealm {
  url: string;
  name: string;
  /** host[:port] of the server, the legacy payloads' "server" */
  host: string;
  id: number;
}

export interface PushMessage {
  id: number;
  senderId: number;
  senderEmail: string;
  senderFullName: string;
  /** absolute */
  senderAvatarUrl: string;
  /** UNIX seconds */
  time: number;
  /** channel messages */
  channel?: { id: number; name: string; topic: string };
  /** group direct messages: every participant, sorted */
  groupUserIds?: number[];
  /** the phone's text for it (lib/push-content.ts), already truncated */
  content: string;
  truncated: boolean;
  /** the smallest mentioned group the user is in, when that (not a personal mention) notified */
  mentionedGroup?: { id: number; name: string };
}

function base(realm: PushRealm, userId: number): Record<string, unknown> {
  return { realm_url: realm.url, realm_name: realm.name, user_id: userId };
}

/** The JSON an E2EE device decrypts for a new message. */
export function e2eeMessagePayload(realm: PushRealm, userId: number, m: PushMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base(realm, userId), sender_id: m.senderId };
  if (m.mentionedGroup) Object.assign(out, { mentioned_user_group_id: m.mentionedGroup.id, mentioned_user_group_name: m.mentionedGroup.name });
  if (m.channel) Object.assign(out, { recipient_type: "channel", channel_name: m.channel.name, channel_id: m.channel.id, topic: m.channel.topic });
  else {
    out.recipient_type = "direct";
    if (m.groupUserIds) out.pm_users = m.groupUserIds.join(",");
  }
  return { ...out, type: "message", message_id: m.id, time: m.time, content: m.content, sender_full_name: m.senderFullName, sender_avatar_url: m.senderAvatarUrl };
}

/** The JSON an E2EE device decrypts when notified messages were read or deleted. */
export function e2eeRemovePayload(realm: PushRealm, userId: number, messageIds: number[]): Record<string, unknown> {
  return { ...base(realm, userId), type: "remove", message_ids: messageIds };
}

/** Fields every legacy payload starts with (Zulip's get_base_payload for legacy clients). */
function legacyBase(realm: PushRealm, userId: number): Record<string, unknown> {
  return { server: realm.host, realm_id: realm.id, realm_uri: realm.url, ...base(realm, userId) };
}

/** What a legacy test notification carries (Zulip's base payload; the bouncer adds `event: "test"`). */
export const legacyTestPayload = (realm: PushRealm, userId: number): Record<string, unknown> => legacyBase(realm, userId);

function legacyMessageFields(realm: PushRealm, userId: number, m: PushMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { ...legacyBase(realm, userId), sender_id: m.senderId, sender_email: m.senderEmail };
  if (m.mentionedGroup) Object.assign(out, { mentioned_user_group_id: m.mentionedGroup.id, mentioned_user_group_name: m.mentionedGroup.name });
  if (m.channel) Object.assign(out, { recipient_type: "stream", stream: m.channel.name, stream_id: m.channel.id, topic: m.channel.topic });
  else {
    out.recipient_type = "private";
    if (m.groupUserIds) out.pm_users = m.groupUserIds.join(",");
  }
  return out;
}

/** FCM data for legacy Android registrations, with the options the bouncer forwards. */
export function legacyGcmMessage(realm: PushRealm, userId: number, m: PushMessage, content: string): { payload: Record<string, unknown>; options: Record<string, unknown> } {
  const payload = {
    ...legacyMessageFields(realm, userId, m),
    event: "message",
    // compat: "message_id" is reserved by FCM, hence the prefix.
    zulip_message_id: m.id,
    time: m.time,
    content,
    content_truncated: m.truncated,
    sender_full_name: m.senderFullName,
    sender_avatar_url: m.senderAvatarUrl,
  };
  return { payload, options: { priority: "high" } };
}

const TRIGGER_SUBTITLES: Record<string, (sender: string, group?: string) => string> = {
  mentioned: (sender, group) => (group ? `${sender} mentioned @${group}:` : `${sender} mentioned you:`),
  topic_wildcard_mentioned: (sender) => `${sender} mentioned everyone:`,
  stream_wildcard_mentioned: (sender) => `${sender} mentioned everyone:`,
  topic_wildcard_mentioned_in_followed_topic: (sender) => `${sender} mentioned everyone:`,
  stream_wildcard_mentioned_in_followed_topic: (sender) => `${sender} mentioned everyone:`,
};

/** The APNs payload of legacy iOS registrations (alert title, subtitle and body). */
export function legacyApnsMessage(realm: PushRealm, userId: number, m: PushMessage, trigger: string, content: string, groupNames?: string[]): Record<string, unknown> {
  const { server: _server, realm_id: _realmId, ...zulip } = legacyMessageFields(realm, userId, m);
  const title = m.channel ? `#${m.channel.name} > ${m.channel.topic}` : groupNames ? [...groupNames].sort().join(", ") : m.senderFullName;
  const subtitle = TRIGGER_SUBTITLES[trigger]?.(m.senderFullName, m.mentionedGroup?.name) ?? (m.channel || groupNames ? `${m.senderFullName}:` : "");
  return { alert: { title, subtitle, body: content }, sound: "default", badge: 0, custom: { zulip: { ...zulip, message_ids: [m.id] } } };
}

export function legacyRemove(realm: PushRealm, userId: number, messageIds: number[]): { gcm: Record<string, unknown>; apns: Record<string, unknown>; options: Record<string, unknown> } {
  const ids = messageIds.join(",");
  const gcm: Record<string, unknown> = { ...legacyBase(realm, userId), event: "remove", zulip_message_ids: ids };
  const { server: _server, realm_id: _realmId, ...zulip } = gcm;
  return { gcm, apns: { badge: 0, custom: { zulip } }, options: { priority: "normal" } };
}

export interface E2eeDevice {
  push_key: string;
  push_key_id: number;
  push_token_id: string;
  token_kind: string;
}

/**
 * One device's request to the bouncer: the payload sealed with the device's key. Removals are
 * background pushes: normal FCM priority, APNs priority 5 without an alert.
 */
export function e2eePushRequest(device: E2eeDevice, payload: Record<string, unknown>, removal = false): Record<string, unknown> {
  const sealed = { push_key_id: device.push_key_id, encrypted_data: encryptPushPayload(device.push_key, payload) };
  const deviceId = tokenIdValue(device.push_token_id);
  if (device.token_kind === "apns") {
    if (removal) return { device_id: deviceId, http_headers: { "apns-priority": "5", "apns-push-type": "background" }, payload: { ...sealed, aps: { "content-available": 1 } } };
    return {
      device_id: deviceId,
      http_headers: { "apns-priority": "10", "apns-push-type": "alert" },
      payload: { ...sealed, aps: { "mutable-content": 1, alert: { title: "New notification" }, sound: "default" } },
    };
  }
  return { device_id: deviceId, fcm_priority: removal ? "normal" : "high", payload: sealed };
}

/** Of many message ids, the newest 200, which fit an APNs payload (Zulip's MAX_APNS_MESSAGE_IDS). */
export function removableIds(messageIds: number[]): number[] {
  return [...messageIds].sort((a, b) => a - b).slice(-200);
}
