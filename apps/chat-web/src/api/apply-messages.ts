// The message events that change messages already sent: update_message (an edit of the
// content, a move to another topic or channel, or both) and delete_message. Split from
// apply.ts so each rule has room for its reason; apply.ts calls these from its switch.
import { batch } from "@preact/signals";
import { matchesNarrow, narrowKey, type Narrow } from "../narrow/narrow";
import { channelName } from "../state/channels";
import { announceDeletion, announceMove } from "../state/live";
import { currentView, dropViews, messages, reloadCurrentView, removeMessages, selectedId, updateMessage } from "../state/messages";
import { toggleStarred } from "../state/starred";
import { moveTopic } from "../state/topics";
import { markRead, moveUnread } from "../state/unreads";

/** An event as the queue sends it (api/apply.ts's Event). */
type Event = Record<string, any>;

export function applyUpdateMessage(event: Event, myUserId: number): Narrow | undefined {
  const ids: number[] = event.message_ids ?? [event.message_id];
  let follow: Narrow | undefined;
  batch(() => {
    if (event.rendered_content !== undefined && event.message_id !== undefined) {
      // compat: rendering_only (a preview fetched later) is no edit: the "edited" mark stays as it was.
      const edited = event.rendering_only ? {} : { last_edit_timestamp: event.edit_timestamp };
      // The event carries the receiver's flags for it: an edit can add or take away a mention.
      const flags = Array.isArray(event.flags) ? { flags: event.flags as string[] } : {};
      updateMessage(event.message_id, (m) => ({ ...m, content: event.rendered_content, ...edited, ...flags }));
    }
    const newTopic: string | undefined = event.subject ?? event.topic;
    const newChannel: number | undefined = event.new_stream_id;
    if (newTopic === undefined && newChannel === undefined) return;
    const oldChannel: number | undefined = event.stream_id;
    const oldTopic: string | undefined = event.orig_subject;
    for (const id of ids) {
      updateMessage(id, (m) => ({
        ...m,
        subject: newTopic ?? m.subject,
        stream_id: newChannel ?? m.stream_id,
        display_recipient: newChannel !== undefined ? (channelName(newChannel) ?? m.display_recipient) : m.display_recipient,
      }));
    }
    moveUnread(ids, newChannel, newTopic);
    if (oldChannel !== undefined && oldTopic !== undefined) {
      const move = { fromChannel: oldChannel, fromTopic: oldTopic, toChannel: newChannel ?? oldChannel, toTopic: newTopic ?? oldTopic, ids, whole: event.propagate_mode === "change_all" };
      moveTopic(move);
      announceMove(move);
      follow = followedNarrow(event, ids, { channelId: newChannel ?? oldChannel, topic: newTopic ?? oldTopic });
    }
    const view = currentView.peek();
    if (view && !follow) {
      // The messages that left the open view go; if they came into it, it reloads where it is.
      const held = view.ids.peek();
      const left = ids.filter((id) => held.includes(id) && !matchesNarrow(view.narrow, messages.get(id)!.peek(), myUserId));
      if (left.length) view.ids.value = held.filter((id) => !left.includes(id));
      const arrived = view.narrow.channelId !== undefined && view.narrow.channelId === (newChannel ?? oldChannel) && (view.narrow.topic === undefined || view.narrow.topic.toLowerCase() === (newTopic ?? oldTopic ?? "").toLowerCase());
      if (arrived && ids.some((id) => !held.includes(id))) reloadCurrentView();
    }
    // Other kept views are stale now; they load afresh when opened.
    dropViews(() => true);
  });
  return follow;
}

/**
 * Where the reader goes when the topic on screen moves (Zulip's web app follows it): the whole
 * topic moved, or the part holding the selected message. Undefined: stay.
 */
function followedNarrow(event: Event, ids: number[], to: Narrow): Narrow | undefined {
  const view = currentView.peek();
  if (!view || view.narrow.topic === undefined || view.narrow.channelId !== event.stream_id) return undefined;
  if (view.narrow.topic.toLowerCase() !== String(event.orig_subject).toLowerCase()) return undefined;
  const selected = selectedId.peek() ?? view.openAt;
  const carried = event.propagate_mode === "change_all" || (event.propagate_mode === "change_later" && selected !== null && ids.includes(selected));
  if (!carried) return undefined;
  const target: Narrow = { ...to, ...(selected !== null && ids.includes(selected) ? { near: selected } : {}) };
  return narrowKey(target) === narrowKey(view.narrow) ? undefined : target;
}

export function applyDeleteMessage(event: Event): void {
  const ids: number[] = event.message_ids ?? [event.message_id];
  batch(() => {
    markRead(ids);
    toggleStarred(ids, false);
    removeMessages(ids);
    announceDeletion(ids);
  });
}
