// A channel's incoming e-mail address in Zulip's format (encode_email_address): the channel
// name reduced to a lower-case slug, the channel's token, and ".show-sender", put into the
// server's EMAIL_GATEWAY_PATTERN at its %s. No pattern: no address (an empty string).
import { randomBytes } from "node:crypto";

/** generate_email_token_for_stream: 32 hex characters. */
export const newEmailToken = () => randomBytes(16).toString("hex");

export function channelEmailSlug(name: string): string {
  // Python's \W+ with Unicode word characters (letters, digits, marks, underscore).
  return name
    .replace(/[^\p{L}\p{N}\p{M}_]+/gu, "-")
    .toLowerCase()
    .replace(/^-+|-+$/g, "");
}

export function encodeChannelEmail(pattern: string, channelName: string, token: string, showSender: boolean): string {
  if (!pattern) return "";
  const local = `${channelEmailSlug(channelName)}.${token}${showSender ? ".show-sender" : ""}`;
  return pattern.replace("%s", local);
}
