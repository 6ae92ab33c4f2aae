// Per-user message flags, stored as one bitmask in user_messages.flags. Bit positions follow
// Zulip's UserMessage.flags so the names come out in the same order.

export const FLAG_BITS = {
  read: 1 << 0,
  starred: 1 << 1,
  collapsed: 1 << 2,
  mentioned: 1 << 3,
  stream_wildcard_mentioned: 1 << 4,
  topic_wildcard_mentioned: 1 << 5,
  has_alert_word: 1 << 10,
  historical: 1 << 11,
  /** internal: the message is a direct message (never reported) */
  is_private: 1 << 12,
} as const;

export type FlagName = keyof typeof FLAG_BITS;

const REPORTED: FlagName[] = ["read", "starred", "collapsed", "mentioned", "stream_wildcard_mentioned", "topic_wildcard_mentioned", "has_alert_word", "historical"];

/** Flags a client may change through POST /messages/flags. */
export const EDITABLE_FLAGS = ["read", "starred", "collapsed"] as const;
/** Flags Zulip accepts in the API but refuses to change by hand. */
export const NON_EDITABLE_FLAGS = ["mentioned", "stream_wildcard_mentioned", "topic_wildcard_mentioned", "wildcard_mentioned", "has_alert_word", "historical"];

export const MENTION_MASK = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

export function flagNames(bits: number): string[] {
  const out = REPORTED.filter((name) => (bits & FLAG_BITS[name]) !== 0) as string[];
  // compat: the deprecated "wildcard_mentioned" (before FL 224) is still reported alongside.
  if (bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) out.push("wildcard_mentioned");
  return out;
}

/** Flags of a message the user has no user_messages row for (channel history). */
export const HISTORICAL_FLAGS = FLAG_BITS.read | FLAG_BITS.historical;
