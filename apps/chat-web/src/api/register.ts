// POST /json/register: the state the app starts from, and the event queue that keeps it
// current. Called at start and again whenever the queue is lost (BAD_EVENT_QUEUE_ID, a
// server restart): the stores are refilled from scratch, the views reload where they were.
import { api } from "./client";
import { startPresence } from "./presence";
import { watchCompose } from "./typing";
import { loadUsers } from "./users";
import { setChannels } from "../state/channels";
import { setConversations } from "../state/dms";
import { setRealmEmoji } from "../state/emoji";
import { myRole } from "../state/role";
import { session } from "../state/session";
import { setSettings } from "../state/settings";
import { setLimits } from "../state/limits";
import { setMutedUsers, setUserTopics } from "../state/muting";
import { setStarred } from "../state/starred";
import { setUnreads } from "../state/unreads";
import type { Channel, Subscription } from "../state/types";

// The events the app applies; everything else is not sent at all.
export const EVENT_TYPES = [
  "message",
  "update_message",
  "delete_message",
  "reaction",
  "update_message_flags",
  "subscription",
  "stream",
  "realm_user",
  "submessage",
  "restart",
  "realm",
  "realm_emoji",
  "user_settings",
  // the people list's presence dots and "X is typing…" (api/presence.ts, state/typing.ts)
  "presence",
  "typing",
  // who and what notifications leave out (state/muting.ts)
  "muted_users",
  "user_topic",
  // the groups overlay and permission checks (state/groups.ts), the scheduled list (state/scheduled.ts)
  "user_group",
  "scheduled_messages",
  "reminders",
];
// Not realm_user: the user list loads after the first view (api/users.ts).
const FETCH_TYPES = ["realm", "subscription", "stream", "message", "update_message_flags", "recent_private_conversations", "starred_messages", "user_settings", "realm_emoji", "muted_users", "user_topic"];

export interface Registered {
  queue_id: string;
  last_event_id: number;
}

export async function register(): Promise<Registered> {
  // Who is signed in comes with realm_user, which is left out: /users/me says it.
  const [state, own] = await Promise.all([
    api.post<any>("/register", {
      apply_markdown: true,
      client_gravatar: true,
      include_subscribers: false,
      slim_presence: true,
      // typing in channel topics reaches only queues that say they show it
      client_capabilities: { stream_typing_notifications: true },
      event_types: EVENT_TYPES,
      fetch_event_types: FETCH_TYPES,
    }),
    api.get<any>("/users/me"),
  ]);
  const settings = state.user_settings ?? {};
  session.value = {
    userId: own.user_id,
    // The person's own address, which they always see (their API email may be a stand-in).
    email: own.delivery_email ?? own.email,
    fullName: own.full_name,
    realmName: state.realm_name ?? "",
    twentyFourHourTime: Boolean(settings.twenty_four_hour_time ?? state.twenty_four_hour_time),
    timezone: settings.timezone ?? "",
    emojiset: settings.emojiset ?? "google",
  };
  setSettings(state);
  myRole.value = typeof own.role === "number" ? own.role : 400;
  loadUsers();
  setChannels((state.subscriptions ?? []) as Subscription[], (state.streams ?? []) as Channel[]);
  // unread_msgs names conversations by every participant: our own id (from /users/me; the
  // register answer carries none without realm_user) is dropped from their keys.
  setUnreads(state.unread_msgs ?? {}, own.user_id);
  setConversations(state.recent_private_conversations ?? []);
  setStarred(state.starred_messages ?? []);
  setMutedUsers(state.muted_users);
  setUserTopics(state.user_topics);
  setRealmEmoji(state.realm_emoji);
  setLimits(state);
  startPresence();
  watchCompose();
  return { queue_id: state.queue_id, last_event_id: state.last_event_id };
}
