// Applies one event from the queue to the stores. Each case is Zulip's event as documented in
// GET /events; a field the app does not show is ignored.
import { dmPeers } from "../narrow/narrow";
import { hashOf } from "../narrow/router";
import { addChannels, addSubscriptions, adjustSubscriberCount, removeChannels, removeSubscriptions, updateChannel, updateSubscription } from "../state/channels";
import { settleEcho } from "../state/compose";
import { noteConversation } from "../state/dms";
import { changeChannelMembers, forgetChannelMembers } from "../state/channel-members";
import { setRealmEmoji } from "../state/emoji";
import { applyGroupEvent, dropFromGroups, type GroupEvent } from "../state/groups";
import { applyReminderEvent, applyScheduledEvent, type ReminderEvent, type ScheduledEvent } from "../state/scheduled";
import { announceMessage } from "../state/live";
import { setMutedUsers, setTopicPolicy } from "../state/muting";
import { addLiveMessage, setFlag, updateMessage, messages } from "../state/messages";
import { myRole } from "../state/role";
import { session } from "../state/session";
import { updateRealmSettings, updateUserSetting } from "../state/settings";
import { toggleStarred } from "../state/starred";
import { noteTopic } from "../state/topics";
import { addUnread, markAllRead, markRead } from "../state/unreads";
import { addUser, updateUser, whenUsersLoaded } from "../state/users";
import { applyPresenceEvent } from "../state/presence";
import { applyTypingEvent, conversationKey, typingEndedBy, type TypingEvent } from "../state/typing";
import type { Message, User } from "../state/types";
import { applyDeleteMessage, applyUpdateMessage } from "./apply-messages";

export interface Event {
  type: string;
  id: number;
  [key: string]: any;
}

/** Channels a stream/create event of the batch being applied brought (see peer_add below). */
const justCreated = new Set<number>();

/** Returns "reregister" when the server asks for a fresh start (a restart event). */
export function applyEvent(event: Event): "reregister" | void {
  const me = session.peek()!;
  switch (event.type) {
    case "message": {
      const message: Message = { ...event.message, flags: event.flags ?? event.message.flags ?? [], reactions: event.message.reactions ?? [], submessages: event.message.submessages ?? [] };
      settleEcho(event.local_message_id, message.id);
      const peers = message.type === "private" ? dmPeers(message, me.userId) : [];
      addUnread(message, peers);
      if (message.type === "stream" && message.stream_id !== undefined) noteTopic(message.stream_id, message.subject, message.id);
      else noteConversation(peers, message.id);
      addLiveMessage(message);
      const where = conversationKey(message.type === "stream" ? { channelId: message.stream_id, topic: message.subject } : { dm: peers });
      if (where) typingEndedBy(message.sender_id, where);
      announceMessage(message);
      return;
    }
    case "update_message": {
      const follow = applyUpdateMessage(event, me.userId);
      // The topic on screen moved: the view follows it (no new history entry).
      if (follow && typeof location !== "undefined") location.replace(hashOf(follow));
      return;
    }
    case "delete_message":
      applyDeleteMessage(event);
      return;
    case "reaction": {
      const reaction = { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type, user_id: event.user_id ?? event.user?.user_id };
      updateMessage(event.message_id, (m) => {
        const others = m.reactions.filter((r) => !(r.user_id === reaction.user_id && r.emoji_code === reaction.emoji_code && r.reaction_type === reaction.reaction_type));
        return { ...m, reactions: event.op === "add" ? [...others, reaction] : others };
      });
      return;
    }
    case "submessage": {
      updateMessage(event.message_id, (m) =>
        m.submessages.some((s) => s.id === event.submessage_id)
          ? m
          : { ...m, submessages: [...m.submessages, { id: event.submessage_id, sender_id: event.sender_id, msg_type: event.msg_type, content: event.content }] },
      );
      return;
    }
    case "update_message_flags": {
      const on = (event.op ?? event.operation) === "add";
      const ids: number[] = event.all ? [...messages.keys()] : event.messages;
      setFlag(event.all ? "all" : ids, event.flag, on);
      if (event.flag === "read" && on) {
        if (event.all) markAllRead();
        else markRead(ids);
      }
      if (event.flag === "read" && !on) {
        // Marked unread elsewhere: message_details says where each one lives.
        for (const id of ids) {
          const d = event.message_details?.[id];
          if (!d) continue;
          const peers = ((d.user_ids ?? []) as number[]).filter((u) => u !== me.userId).sort((a, b) => a - b);
          const fake = { id, type: d.type === "stream" ? "stream" : "private", stream_id: d.stream_id, subject: d.topic ?? "", flags: d.mentioned ? ["mentioned"] : [] } as unknown as Message;
          addUnread(fake, peers);
        }
      }
      if (event.flag === "starred") toggleStarred(ids, on);
      return;
    }
    case "subscription": {
      if (event.op === "add") {
        addSubscriptions(event.subscriptions);
        // The channel's own record (the browser's list) takes the new subscriber count.
        addChannels(event.subscriptions);
        changeChannelMembers(event.subscriptions.map((s: { stream_id: number }) => s.stream_id), [me.userId], true);
      } else if (event.op === "remove") {
        const ids = event.subscriptions.map((s: { stream_id: number }) => s.stream_id);
        removeSubscriptions(ids);
        adjustSubscriberCount(ids, -1);
        changeChannelMembers(ids, [me.userId], false);
      } else if (event.op === "peer_add" || event.op === "peer_remove") {
        // Several users may join several channels in one event; each channel gains (or loses)
        // them all. A channel that just came into sight (stream/create, then a peer_add listing
        // all its subscribers) already counts them.
        const n = (event.user_ids ?? []).length;
        const ids = ((event.stream_ids ?? []) as number[]).filter((id) => !(event.op === "peer_add" && justCreated.has(id)));
        adjustSubscriberCount(ids, event.op === "peer_add" ? n : -n);
        // The people column's lists are sets: a repeat changes nothing there.
        changeChannelMembers(event.stream_ids ?? [], event.user_ids ?? [], event.op === "peer_add");
      }
      else if (event.op === "update") updateSubscription(event.stream_id, { [event.property === "in_home_view" ? "is_muted" : event.property]: event.property === "in_home_view" ? !event.value : event.value });
      return;
    }
    case "stream": {
      if (event.op === "create") {
        addChannels(event.streams);
        for (const c of event.streams as { stream_id: number }[]) justCreated.add(c.stream_id);
        // The events of one poll are applied in one go: the set lasts until it is done.
        queueMicrotask(() => justCreated.clear());
      } else if (event.op === "delete") {
        const ids = event.streams.map((s: { stream_id: number }) => s.stream_id);
        removeChannels(ids);
        forgetChannelMembers(ids);
      }
      else if (event.op === "update") {
        // Any property (name, description, privacy, a permission group…), with the fields sent beside it.
        const extra: Record<string, unknown> = {};
        for (const key of ["rendered_description", "history_public_to_subscribers", "is_web_public"]) if (key in event) extra[key] = event[key];
        updateChannel(event.stream_id, { [event.property]: event.value, ...extra });
      }
      return;
    }
    case "realm_user": {
      if (event.op === "add") whenUsersLoaded(() => addUser({ is_active: true, ...event.person }));
      else if (event.op === "remove") whenUsersLoaded(() => updateUser(event.person.user_id, { is_active: false }));
      else if (event.op === "update") {
        const { user_id, change } = userChange(event.person);
        if (Object.keys(change).length) whenUsersLoaded(() => updateUser(user_id, change));
        if (change.is_active === false) dropFromGroups(user_id, me.userId);
        if (user_id === me.userId && change.full_name) session.value = { ...me, fullName: change.full_name };
        if (user_id === me.userId && change.delivery_email) session.value = { ...session.peek()!, email: change.delivery_email };
        if (user_id === me.userId && typeof change.role === "number") myRole.value = change.role;
      }
      return;
    }
    case "user_settings": {
      if (event.op === "update") updateUserSetting(event.property, event.value);
      const map: Record<string, string> = { twenty_four_hour_time: "twentyFourHourTime", timezone: "timezone", emojiset: "emojiset" };
      if (event.op === "update" && map[event.property]) session.value = { ...me, [map[event.property]!]: event.value };
      return;
    }
    case "realm": {
      if (event.op === "update") updateRealmSettings({ [event.property]: event.value });
      if (event.op === "update_dict") updateRealmSettings(event.data ?? {});
      if (event.op === "update" && event.property === "name") session.value = { ...me, realmName: event.value };
      if (event.op === "update_dict" && event.data?.name) session.value = { ...me, realmName: event.data.name };
      return;
    }
    case "realm_emoji": {
      // Without the individual-changes capability the server sends the whole set each time.
      if (event.op === "update") setRealmEmoji(event.realm_emoji);
      return;
    }
    case "presence":
      applyPresenceEvent(event);
      return;
    case "typing":
      applyTypingEvent(event as unknown as TypingEvent, me.userId);
      return;
    case "user_group":
      applyGroupEvent(event as unknown as GroupEvent, me.userId);
      return;
    case "scheduled_messages":
      applyScheduledEvent(event as unknown as ScheduledEvent);
      return;
    case "reminders":
      applyReminderEvent(event as unknown as ReminderEvent);
      return;
    case "muted_users":
      setMutedUsers(event.muted_users);
      return;
    case "user_topic":
      setTopicPolicy(event.stream_id, event.topic_name, event.visibility_policy);
      return;
    case "restart":
      return "reregister";
  }
}


/**
 * A realm_user "update" as a change to the user's record: `new_email` is the new API `email`;
 * a custom profile field is left out (the user list holds none: the profile card fetches them
 * when it opens).
 */
function userChange(person: Record<string, any>): { user_id: number; change: Partial<User> } {
  const { user_id, new_email, custom_profile_field: _field, ...rest } = person;
  return { user_id, change: { ...rest, ...(typeof new_email === "string" ? { email: new_email } : {}) } };
}
