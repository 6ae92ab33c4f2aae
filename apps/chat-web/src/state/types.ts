// The shapes the chat server sends (Zulip's wire names, snake_case), only the fields the app reads.

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface Submessage {
  id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

export interface DisplayRecipient {
  id: number;
  email: string;
  full_name: string;
}

export interface Message {
  id: number;
  type: "stream" | "private";
  sender_id: number;
  sender_full_name: string;
  sender_email: string;
  avatar_url: string | null;
  stream_id?: number;
  display_recipient: string | DisplayRecipient[];
  subject: string;
  content: string;
  timestamp: number;
  flags: string[];
  reactions: Reaction[];
  submessages: Submessage[];
  last_edit_timestamp?: number;
}

export interface User {
  user_id: number;
  email: string;
  full_name: string;
  avatar_url: string | null;
  is_active: boolean;
  is_bot: boolean;
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest */
  role?: number;
  /** IANA zone name, "" when unknown */
  timezone?: string;
  /** the real address, when the organization and the user's setting let us see it (else null or absent) */
  delivery_email?: string | null;
}

export interface Subscription extends Channel {
  stream_id: number;
  name: string;
  description: string;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  invite_only: boolean;
}

export interface Channel {
  stream_id: number;
  name: string;
  // The rest of Zulip's channel object, as /register's `streams` and stream events carry it
  // (the channel browser and settings read these).
  description?: string;
  rendered_description?: string;
  invite_only?: boolean;
  is_web_public?: boolean;
  is_archived?: boolean;
  history_public_to_subscribers?: boolean;
  subscriber_count?: number;
  date_created?: number;
  creator_id?: number | null;
  [setting: `can_${string}_group`]: unknown;
}

export interface Topic {
  name: string;
  max_id: number;
}
