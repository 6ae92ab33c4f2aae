// Video call providers (realm video_chat_provider) and BigBlueButton's signed links, as Zulip's
// zerver/views/video_calls.py: the create endpoint hands out a link to this server signed with
// its secret, so nobody can edit it into another meeting on the same BigBlueButton server; the
// join endpoint creates the meeting there and redirects with BigBlueButton's checksums.
import { createHash, createHmac } from "node:crypto";
import { sameSecret } from "@beacon/platform";

export const VIDEO_CHAT_DISABLED = 0;
export const VIDEO_CHAT_JITSI = 1;
export const VIDEO_CHAT_BIG_BLUE_BUTTON = 4;

export interface VideoCallServers {
  bigBlueButtonUrl: string;
  bigBlueButtonSecret: string;
}

export const bigBlueButtonConfigured = (servers: VideoCallServers): boolean => servers.bigBlueButtonUrl !== "" && servers.bigBlueButtonSecret !== "";

/** realm_available_video_chat_providers: None and Jitsi always, the others when configured. */
export function availableVideoChatProviders(servers: VideoCallServers): Record<string, { name: string; id: number }> {
  const out: Record<string, { name: string; id: number }> = {
    disabled: { name: "None", id: VIDEO_CHAT_DISABLED },
    jitsi_meet: { name: "Jitsi Meet", id: VIDEO_CHAT_JITSI },
  };
  if (bigBlueButtonConfigured(servers)) out.big_blue_button = { name: "BigBlueButton", id: VIDEO_CHAT_BIG_BLUE_BUTTON };
  return out;
}

/** What a join link carries: the meeting, and who made it (the one moderator). */
export interface MeetingClaim {
  meeting_id: string;
  name: string;
  lock_settings_disable_cam: boolean;
  moderator: number;
}

const mac = (key: string, payload: string) => createHmac("sha256", `beacon.bigbluebutton:${key}`).update(payload).digest("base64url");

/** `<base64url JSON>:<HMAC>`, the shape of Django's Signer.sign_object. */
export function signMeeting(claim: MeetingClaim, key: string): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString("base64url");
  return `${payload}:${mac(key, payload)}`;
}

export function unsignMeeting(signed: string, key: string): MeetingClaim | undefined {
  const cut = signed.lastIndexOf(":");
  if (cut < 1) return undefined;
  const payload = signed.slice(0, cut);
  if (!sameSecret(signed.slice(cut + 1), mac(key, payload))) return undefined;
  try {
    const claim = JSON.parse(Buffer.from(payload, "base64url").toString()) as MeetingClaim;
    return typeof claim.meeting_id === "string" && typeof claim.name === "string" && typeof claim.moderator === "number" ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** Python's urlencode(..., quote_via=quote): every byte but letters, digits and _.-~ escaped. */
export function bbbQuery(params: [string, string | number | boolean][]): string {
  const quote = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  // compat: Python writes booleans as True / False.
  return params.map(([k, v]) => `${quote(k)}=${quote(typeof v === "boolean" ? (v ? "True" : "False") : String(v))}`).join("&");
}

/** BigBlueButton's checksum of an API call: sha256 of call name, query and shared secret. */
export const bbbChecksum = (call: string, query: string, secret: string): string => createHash("sha256").update(call + query + secret).digest("hex");
