// What the signed-in user may do to a message, as Zulip's web app decides which actions to offer:
// the organization's settings (state/settings.ts), the channel's group settings and the user's
// groups. The server is the authority: an action offered here may still be refused (a limit
// passed while the menu was open), and the app shows the server's error then.
//
// Group settings name a group by id, or an anonymous group ({direct_members, direct_subgroups}).
// Which groups the user belongs to comes from GET /json/user_groups, fetched the first time a
// message menu needs it (never for the first view: in a 10,000-user organization the system
// groups list every member). Until it is in, a group setting is granted (the defaults let every
// member do these things), except deleting others' messages; the menu redraws when it arrives.
import { signal } from "@preact/signals";
import { api } from "../api/client";
import type { Message } from "./types";

export type GroupSetting = number | { direct_members?: number[]; direct_subgroups?: number[] };

export interface GroupInfo {
  id: number;
  members: number[];
  direct_subgroup_ids: number[];
}

/** The ids of every group the user belongs to (directly or through a subgroup); null until loaded. */
export const myGroups = signal<ReadonlySet<number> | null>(null);

/** Every group `userId` is in: direct membership, then each group holding one of those as a subgroup. */
export function groupsOf(userId: number, groups: readonly GroupInfo[]): Set<number> {
  const mine = new Set(groups.filter((g) => g.members.includes(userId)).map((g) => g.id));
  for (let grew = true; grew; ) {
    grew = false;
    for (const g of groups) {
      if (!mine.has(g.id) && g.direct_subgroup_ids.some((id) => mine.has(id))) {
        mine.add(g.id);
        grew = true;
      }
    }
  }
  return mine;
}

/** Whether the user is in a group setting; undefined when the groups are not known yet. */
export function inGroupSetting(setting: unknown, userId: number, mine: ReadonlySet<number> | null): boolean | undefined {
  if (typeof setting === "number") return mine ? mine.has(setting) : undefined;
  if (setting && typeof setting === "object") {
    const s = setting as Exclude<GroupSetting, number>;
    if (s.direct_members?.includes(userId)) return true;
    if (!s.direct_subgroups?.length) return false;
    return mine ? s.direct_subgroups.some((id) => mine.has(id)) : undefined;
  }
  return false;
}

let loading: Promise<void> | null = null;

/** Fetches the user's groups once (again after a failure; `again` to refresh after a change). */
export function loadMyGroups(userId: number, again = false): Promise<void> {
  if (again) loading = null;
  loading ??= api
    .get<{ user_groups: GroupInfo[] }>("/user_groups")
    .then(({ user_groups }) => void (myGroups.value = groupsOf(userId, user_groups)))
    .catch(() => void (loading = null));
  return loading;
}

export interface Rules {
  realm: Readonly<Record<string, unknown>>;
  /** the message's channel as register sent it (its can_*_group settings), when it is one */
  channel?: Readonly<Record<string, unknown>>;
  userId: number;
  /** the user's role (100 owner … 400 member, 600 guest), when the user list has it */
  role?: number;
  groups: ReadonlySet<number> | null;
  /** UNIX seconds */
  now: number;
}

const granted = (v: boolean | undefined) => v !== false;
const within = (sent: number, limit: unknown, now: number) => typeof limit !== "number" || limit === 0 || now - sent <= limit;
const isModerator = (rules: Rules) => rules.role !== undefined && rules.role <= 300;
const either = (rules: Rules, setting: string, channelSetting = setting) => {
  const realm = inGroupSetting(rules.realm[setting], rules.userId, rules.groups);
  const channel = rules.channel ? inGroupSetting(rules.channel[channelSetting], rules.userId, rules.groups) : false;
  return realm === true || channel === true ? true : realm === undefined || channel === undefined ? undefined : false;
};

/** Zulip's is_content_editable: editing allowed, one's own message, within the time limit. */
export function mayEditContent(message: Message, rules: Rules): boolean {
  if (rules.realm.allow_message_editing === false) return false;
  if (message.sender_id !== rules.userId || message.id <= 0) return false;
  // compat: a limit of null (or 0 from older servers) means no limit.
  return within(message.timestamp, rules.realm.message_content_edit_limit_seconds, rules.now);
}

/** Seconds left to edit, or null when there is no limit. */
export function editSecondsLeft(message: Message, rules: Rules): number | null {
  const limit = rules.realm.message_content_edit_limit_seconds;
  if (typeof limit !== "number" || limit === 0) return null;
  return Math.max(0, message.timestamp + limit - rules.now);
}

export function mayDelete(message: Message, rules: Rules): boolean {
  if (message.id <= 0) return false;
  // Deleting anyone's message is never assumed: it waits for the groups.
  if (either(rules, "can_delete_any_message_group") === true) return true;
  if (message.sender_id !== rules.userId || !granted(either(rules, "can_delete_own_message_group"))) return false;
  return within(message.timestamp, rules.realm.message_content_delete_limit_seconds, rules.now);
}

/** Moving a topic (or messages) within its channel: rename. */
export function mayMoveWithin(message: Message, rules: Rules): boolean {
  if (message.type !== "stream" || message.id <= 0) return false;
  if (!granted(either(rules, "can_move_messages_between_topics_group", "can_move_messages_within_channel_group"))) return false;
  return isModerator(rules) || within(message.timestamp, rules.realm.move_messages_within_stream_limit_seconds, rules.now);
}

/** Moving messages to another channel. */
export function mayMoveOut(message: Message, rules: Rules): boolean {
  if (message.type !== "stream" || message.id <= 0) return false;
  if (!granted(either(rules, "can_move_messages_between_channels_group", "can_move_messages_out_of_channel_group"))) return false;
  return isModerator(rules) || within(message.timestamp, rules.realm.move_messages_between_streams_limit_seconds, rules.now);
}

export function mayResolve(message: Message, rules: Rules): boolean {
  return message.type === "stream" && message.id > 0 && message.subject !== "" && granted(either(rules, "can_resolve_topics_group"));
}

export function mayViewHistory(rules: Rules): boolean {
  const policy = rules.realm.message_edit_history_visibility_policy;
  return policy !== "none" && rules.realm.allow_edit_history !== false;
}

export function mayViewReadReceipts(rules: Rules): boolean {
  return rules.realm.enable_read_receipts !== false;
}
