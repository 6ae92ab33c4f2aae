// Which outgoing webhook bots a new message calls (Zulip's get_service_bot_events), written to
// the outbox in the send's wake; outgoing-webhooks.ts makes the calls.
import type { ChatDeps } from "../deps.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { BOT_OUTGOING_WEBHOOK } from "../lib/roles.js";
import { insertCalls } from "../store/outgoing-webhooks.js";
import type { User } from "../store/users.js";

/**
 * Zulip's get_service_bot_events, after the message's commit: a channel message triggers
 * the outgoing webhook bots it mentions ("mention"), a direct message those among its
 * recipients ("direct_message"). Messages sent by bots trigger nothing (no reply loops).
 * `flags` holds the recipients with their flag bits, as the send wrote them; `candidates` the
 * users worth looking at (the mentioned, or a direct message's participants).
 */
export async function queueOutgoingWebhooks(deps: ChatDeps, input: { realmId: number; sender: User; isStream: boolean; messageId: number; flags: Map<number, number>; candidates: Iterable<number>; users: Map<number, User>; now: number }): Promise<number> {
  if (input.sender.is_bot) return 0;
  const rows = [];
  for (const userId of new Set(input.candidates)) {
    const bits = input.flags.get(userId);
    if (bits === undefined) continue;
    const user = input.users.get(userId);
    if (!user || user.bot_type !== BOT_OUTGOING_WEBHOOK || !user.is_active) continue;
    const trigger = input.isStream ? (bits & FLAG_BITS.mentioned ? "mention" : undefined) : "direct_message";
    if (!trigger) continue;
    rows.push({ realm_id: input.realmId, bot_id: userId, message_id: input.messageId, trigger, next_attempt: input.now, claimed_until: null, last_error: null, date_created: input.now });
  }
  await insertCalls(deps.db, rows);
  return rows.length;
}
