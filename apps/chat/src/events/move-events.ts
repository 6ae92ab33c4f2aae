// Who keeps, loses and gains messages moved to another channel, and who hears of the move
// (Zulip's do_update_message with a new stream). Pure: the action loads the subscription rows.
import { flagNames } from "../lib/message-flags.js";
import { isGuest } from "../lib/roles.js";
import type { ChannelMember } from "../store/message-moves.js";
import type { Stream } from "../store/streams.js";

export interface MovePlan {
  /** users whose rows for the moved messages are deleted */
  losingRows: number[];
  /** users told the messages were deleted (delete_message) */
  losingAccess: number[];
  /** users given a (read) row for each moved message */
  gainingRows: number[];
}

const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Anyone who ever subscribed to the old channel (active or not) without an active subscription
 * to the new one loses their rows; of them, a public destination takes access only from guests
 * (everyone else may read a public channel), a private one from all. A destination whose
 * history is not public to subscribers gives each current subscriber a row, since being
 * subscribed when the messages arrive is what grants access there.
 */
export function planChannelMove(oldMembers: ChannelMember[], newMembers: ChannelMember[], target: Stream): MovePlan {
  const newCurrent = new Set(newMembers.filter((m) => m.active).map((m) => m.user_id));
  const losing = oldMembers.filter((m) => !newCurrent.has(m.user_id));
  const losingRows = unique(losing.map((m) => m.user_id));
  const losingAccess = target.invite_only ? losingRows : unique(losing.filter((m) => isGuest(m)).map((m) => m.user_id));
  const gainingRows = target.history_public_to_subscribers ? [] : unique([...newCurrent]);
  return { losingRows, losingAccess, gainingRows };
}

/**
 * update_message recipients of a move: everyone holding the edited message afterwards, and, when
 * the old channel's history was public to subscribers, the active subscribers of the new
 * channel and those of the old one who are not in the new, with ["read"]. Users losing access
 * are left out, and so are guests who subscribe to the new channel only (Zulip does not tell
 * them of a topic they never saw).
 */
export function moveAudience(holders: { user_id: number; flags: number }[], oldMembers: ChannelMember[], newMembers: ChannelMember[], source: Stream, plan: MovePlan): { id: number; flags: string[] }[] {
  const out = holders.map((h) => ({ id: h.user_id, flags: flagNames(h.flags) }));
  if (!source.history_public_to_subscribers) return out;
  const skip = new Set([...holders.map((h) => h.user_id), ...plan.losingAccess]);
  const oldCurrent = new Set(oldMembers.filter((m) => m.active).map((m) => m.user_id));
  const newSubs = newMembers.filter((m) => m.active && m.user_active);
  const newIds = new Set(newSubs.map((m) => m.user_id));
  const fromNew = newSubs.filter((m) => !skip.has(m.user_id) && !(isGuest(m) && !oldCurrent.has(m.user_id))).map((m) => m.user_id);
  const fromOld = oldMembers.filter((m) => m.active && m.user_active && !skip.has(m.user_id) && !newIds.has(m.user_id)).map((m) => m.user_id);
  for (const id of unique([...fromNew, ...fromOld])) out.push({ id, flags: ["read"] });
  return out;
}
