// What the message actions need from the Markdown renderer, and the context they hand it.
// main.ts adapts apps/chat/src/markdown to this shape; tests may inject their own.
import type { Realm } from "../store/realms.js";
import type { Stream } from "../store/streams.js";
import type { User } from "../store/users.js";
import type { UserGroup } from "../store/groups.js";

export interface RenderInput {
  realm: Realm;
  realmUrl: string;
  sender: User;
  /** the realm's users, for @-mentions */
  users: User[];
  /** the realm's named groups, for @-group mentions */
  groups: UserGroup[];
  /** the realm's channels, for #-links */
  streams: Stream[];
  /** the realm's linkifiers, in order */
  linkifiers?: { pattern: string; urlTemplate: string }[];
  /** the realm's active custom emoji by name, for :name: */
  realmEmoji?: Map<string, { id: string; url: string }>;
  /** the sender's translate_emoticons setting (":)" becomes an emoji) */
  translateEmoticons?: boolean;
}

export interface RenderedMessage {
  html: string;
  mentionedUserIds: number[];
  mentionedGroupIds: number[];
  streamWildcard: boolean;
  topicWildcard: boolean;
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
  isMeMessage: boolean;
}

export type MessageRenderer = (content: string, input: RenderInput) => RenderedMessage;
