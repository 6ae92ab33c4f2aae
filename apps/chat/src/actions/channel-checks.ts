// Validation of channel names, descriptions and retention values, with Zulip's messages.
import { BadRequestError, RequestVariableInvalidError } from "../http/errors.js";

export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

/** A description as stored: one line (Zulip turns newlines into spaces), trimmed. */
export const channelDescription = (raw: string): string => raw.replace(/\r?\n/g, " ").trim();

export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (name === "") throw new BadRequestError("Channel name can't be empty.");
  if ([...name].length > MAX_CHANNEL_NAME_LENGTH) throw new BadRequestError(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  const position = [...name].findIndex((c) => /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/.test(c));
  if (position >= 0) throw new BadRequestError(`Invalid character in channel name, at position ${position + 1}.`);
  return name;
}

/**
 * `realm_default` → null (inherit), `unlimited` → -1, or a positive number of days. Zulip
 * reads the value as JSON (its web app sends `"unlimited"` with the quotes); the bare word is
 * taken too, as Beacon always has.
 */
export function checkRetentionDays(given: string): number | null {
  const raw = /^"[a-z_]*"$/.test(given) ? given.slice(1, -1) : given;
  if (raw === "realm_default") return null;
  if (raw === "unlimited" || raw === "forever") return -1;
  if (/^[0-9]+$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw new RequestVariableInvalidError("message_retention_days", given);
}

export const TOPICS_POLICIES = ["inherit", "allow_empty_topic", "disable_empty_topic", "empty_topic_only"] as const;
