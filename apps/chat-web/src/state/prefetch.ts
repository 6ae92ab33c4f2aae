// Loading ahead what the reader is likely to open next, so that a channel's first visit opens
// as fast as a return to it: once the first view is shown, in idle periods (see whenIdle), the
// first page of messages, the topics and the subscribers of each subscribed channel the sidebar
// lists (not muted; in its order; at most AHEAD), two channels at a time. What is loaded ahead
// is kept up to date by the event queue like any view the reader opened, and never takes the
// place of one (state/messages.ts keeps room for both).
import { loadChannelMembers } from "./channel-members";
import { sortedSubscriptions } from "./channels";
import { hasView, prefetchView, roomForViews } from "./messages";
import { loadTopics } from "./topics";

const AHEAD = 12;
/** Channels loading at once: one's answer is read while the server works on the other's. */
const AT_ONCE = 2;

/**
 * An idle period, or WAIT ms at most: while a page loads (the user list still on its way) the
 * browser gives none, and without the limit the first channel went out a second after the
 * first view, after the reader's first clicks.
 */
const WAIT = 50;
const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: WAIT });
  else setTimeout(run, WAIT);
};

let started = false;

/** Starts loading ahead (once per page); call when the first view is on screen. */
export function loadLikelyViewsAhead(): void {
  if (started) return;
  started = true;
  const queue = sortedSubscriptions
    .peek()
    .filter((sub) => !sub.is_muted)
    .slice(0, AHEAD)
    .map((sub) => sub.stream_id);
  const next = (): void => {
    const channelId = queue.shift();
    if (channelId === undefined || roomForViews() <= 1) return;
    const narrow = { channelId };
    if (hasView(narrow)) return whenIdle(next);
    loadChannelMembers(channelId);
    void loadTopics(channelId);
    void prefetchView(narrow).then(() => whenIdle(next));
  };
  for (let i = 0; i < AT_ONCE; i++) whenIdle(next);
}
