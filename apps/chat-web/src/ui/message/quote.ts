// A message's permalink and the quote block "quote and reply" puts in the compose box, as
// Zulip's web app writes them (no DOM here: unit-tested under node).
import { narrowToHash, type HashNames } from "../../narrow/hash";
import type { Message } from "../../state/types";

/**
 * Zulip's link to a message: its conversation with /near/<id>. A direct message's link names
 * every participant, the sender included ("dm/5,7-dm", "dm/5,7,9-group"), so that it opens the
 * same conversation for each of them.
 */
export function messagePermalink(message: Message, origin: string, names: HashNames): string {
  if (message.type === "stream" && message.stream_id !== undefined) {
    return `${origin}/${narrowToHash({ channelId: message.stream_id, topic: message.subject, near: message.id }, names)}`;
  }
  const ids = (Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [message.sender_id]).sort((a, b) => a - b);
  return `${origin}/#narrow/dm/${ids.join(",")}-${ids.length >= 3 ? "group" : "dm"}/near/${message.id}`;
}

/** A fence longer than any backtick run at the start of a line of `content` (so it cannot close early). */
export function fenceFor(content: string): string {
  let longest = 0;
  for (const match of content.matchAll(/^\s*(`{3,})/gm)) longest = Math.max(longest, match[1]!.length);
  return "`".repeat(Math.max(3, longest + 1));
}

/**
 * Zulip's quote: a silent mention of the sender linking "said" to the message, then the raw
 * Markdown in a quote block:
 *   @_**Ada Lovelace|7** [said](https://…/#narrow/…/near/42):
 *   ```quote
 *   …
 *   ```
 */
export function quoteBlock(rawContent: string, senderName: string, senderId: number, link: string): string {
  const fence = fenceFor(rawContent);
  return `@_**${senderName}|${senderId}** [said](${link}):\n${fence}quote\n${rawContent}\n${fence}`;
}

/** Adds a quote to what is being written: on its own lines, after any text already there. */
export function withQuote(draftContent: string, quote: string): string {
  const before = draftContent.replace(/\s+$/, "");
  return `${before ? `${before}\n\n` : ""}${quote}\n`;
}
