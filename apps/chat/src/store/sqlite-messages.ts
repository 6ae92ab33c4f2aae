// The message write on SQLite's hot path: prepared better-sqlite3 statements, run
// synchronously inside one IMMEDIATE transaction per batch of sends (group commit, see
// actions/message-queue.ts). Callers must hold Kysely's connection (db.connection()) so no
// Kysely transaction is open on the same handle meanwhile. It writes exactly what the
// Kysely path in actions/send-message.ts writes: recipient (created on first use), message,
// FTS row, one user_messages row per recipient, the channel's first message id and the
// automatic topic visibility changes.
import type { Database } from "@beacon/platform";
import { dmKey, RECIPIENT_DM, RECIPIENT_STREAM, type NewMessage } from "./messages.js";
import type { ChatDatabase } from "./schema.js";
import { VISIBILITY_INHERIT } from "./user-topics.js";

type Handle = NonNullable<Database<ChatDatabase>["sqlite"]>;

/** Everything one send writes, decided before its transaction starts. */
export interface MessageWrite {
  realmId: number;
  /** the channel of a channel message; undefined for a direct message */
  streamId?: number;
  /** direct-message participants, sorted (the sender included) */
  dmUserIds?: number[];
  message: Omit<NewMessage, "recipient_id">;
  /** user id -> flags bitmask */
  flags: Map<number, number>;
  /** the channel had no first message when the send was checked */
  firstInStream: boolean;
  /** user id -> the topic's new visibility policy (channel messages only) */
  visibility: Map<number, number>;
}

// Leaf pages one merge step writes: well under a millisecond here, and enough to keep up with
// the segments batches create (about one page of postings per batch).
const MERGE_STEP_PAGES = 16;

const MESSAGE_COLUMNS = [
  "realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key", "content", "rendered_content", "client", "date_sent",
  "last_edit_time", "last_moved_time", "edit_history", "has_link", "has_image", "has_attachment", "is_me_message",
] as const;

export class SqliteMessageStore {
  private readonly streamRecipient;
  private readonly dmRecipient;
  private readonly newRecipient;
  private readonly message;
  private readonly fts;
  private readonly userMessage;
  private readonly firstMessage;
  private readonly clearUserTopic;
  private readonly userTopic;
  private readonly merge;
  private readonly totalChanges;

  constructor(private readonly sqlite: Handle) {
    this.streamRecipient = sqlite.prepare<[number], number>("SELECT id FROM recipients WHERE stream_id = ?").pluck();
    this.dmRecipient = sqlite.prepare<[number, string], number>("SELECT id FROM recipients WHERE realm_id = ? AND user_ids = ?").pluck();
    this.newRecipient = sqlite.prepare("INSERT INTO recipients (realm_id, type, stream_id, user_ids) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
    this.message = sqlite.prepare(`INSERT INTO messages (${MESSAGE_COLUMNS.join(", ")}) VALUES (${MESSAGE_COLUMNS.map((c) => `@${c}`).join(", ")})`);
    this.fts = sqlite.prepare("INSERT INTO messages_fts (rowid, topic, content) VALUES (?, ?, ?)");
    this.userMessage = sqlite.prepare("INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)");
    // Conditional: two sends in one batch may both have seen a channel without messages.
    this.firstMessage = sqlite.prepare("UPDATE streams SET first_message_id = ? WHERE id = ? AND first_message_id IS NULL");
    this.clearUserTopic = sqlite.prepare("DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic_key = ?");
    this.userTopic = sqlite.prepare(
      "INSERT INTO user_topics (user_id, stream_id, topic_key, topic_name, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.merge = sqlite.prepare(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('merge', ${MERGE_STEP_PAGES})`);
    this.totalChanges = sqlite.prepare<[], number>("SELECT total_changes()").pluck();
  }

  /** Runs `work` in one IMMEDIATE transaction: it waits for other writers, never upgrades. */
  transaction<T>(work: () => T): T {
    return this.sqlite.transaction(work).immediate();
  }

  /** Writes one message; returns the id the database assigned. */
  write(w: MessageWrite): number {
    const recipientId = w.streamId !== undefined ? this.streamRecipientId(w.realmId, w.streamId) : this.dmRecipientId(w.realmId, w.dmUserIds!);
    const row: Record<string, unknown> = { ...w.message, recipient_id: recipientId };
    const params: Record<string, unknown> = {};
    for (const column of MESSAGE_COLUMNS) params[column] = row[column] ?? null;
    const id = Number(this.message.run(params).lastInsertRowid);
    this.fts.run(id, w.message.topic ?? "", w.message.content);
    for (const [userId, flags] of w.flags) this.userMessage.run(userId, id, flags);
    if (w.streamId !== undefined) {
      if (w.firstInStream) this.firstMessage.run(id, w.streamId);
      const topicKey = w.message.topic_key ?? "";
      for (const [userId, policy] of w.visibility) {
        this.clearUserTopic.run(userId, w.streamId, topicKey);
        if (policy !== VISIBILITY_INHERIT) this.userTopic.run(userId, w.streamId, topicKey, w.message.topic ?? "", policy, w.message.date_sent);
      }
    }
    return id;
  }

  /**
   * One bounded step of merging the full-text index's segments (FTS5 automerge is off, see
   * migration 018); true while there is more to merge. Skipped (false) while a transaction
   * is open on the connection or once it is closed: the next batch starts the steps again.
   */
  mergeStep(): boolean {
    if (!this.sqlite.open || this.sqlite.inTransaction) return false;
    const before = this.totalChanges.get()!;
    this.merge.run();
    // FTS5's own test for a merge that found nothing to do: fewer than two rows changed.
    return this.totalChanges.get()! - before >= 2;
  }

  private streamRecipientId(realmId: number, streamId: number): number {
    const found = this.streamRecipient.get(streamId);
    if (found !== undefined) return found;
    this.newRecipient.run(realmId, RECIPIENT_STREAM, streamId, null);
    return this.streamRecipient.get(streamId)!;
  }

  private dmRecipientId(realmId: number, userIds: number[]): number {
    const key = dmKey(userIds);
    const found = this.dmRecipient.get(realmId, key);
    if (found !== undefined) return found;
    this.newRecipient.run(realmId, RECIPIENT_DM, null, key);
    return this.dmRecipient.get(realmId, key)!;
  }
}
