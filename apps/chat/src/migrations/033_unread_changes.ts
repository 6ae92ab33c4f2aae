// SQLite: a log of the changes that can alter a user's unread section of /register (the
// newest 50,000 unread messages grouped by conversation), written by triggers, so that
// store/unread-cache.ts can keep each user's groups in memory and bring them up to date with
// the few rows that changed, whoever changed them (an action, a CLI command in another
// process, a row changed by hand). One row per change: `message_id` is the message whose
// row changed for `user_id`; a null `message_id` means "read everything again" for
// `user_id` (0: for every user).
//
// What is logged: a user_messages row becoming unread or read, disappearing while unread, or
// changing its mention flags while unread; an unread message moved or renamed (one row per
// user who has it unread); a user's subscription becoming or ceasing to be inactive (the
// unread section leaves out channels the user unsubscribed from). Inserts are not logged: a
// trigger on them would cost every send about 1.5 µs of CPU per recipient, and the only rows
// inserted unread are a send's, for a message newer than any the cache has seen, which it
// reads by id (rows added later for older messages, a move's new subscribers' or a flag set on
// channel history, are inserted read and changed afterwards, which is logged). The log prunes
// itself: every 10,000th row deletes those 200,000 rows older (a cache further behind than
// that reads everything again). PostgreSQL computes the section in full on each /register.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";
import { FLAG_BITS } from "../lib/message-flags.js";

const MENTIONS = FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;
/** The unread index's WHERE (migration 026) for the row `r` (old or new). */
const unread = (r: string) => `((${r}.flags & ${FLAG_BITS.read}) = 0 and ${r}.flags >= 0)`;
const log = (user: string, message: string) => `insert into unread_changes (user_id, message_id) values (${user}, ${message});`;

export const UNREAD_CHANGES_KEEP = 200_000;

export function unreadChanges(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      const statements = [
        "create table unread_changes (seq integer primary key autoincrement, user_id integer not null, message_id integer)",
        "create index unread_changes_user on unread_changes (user_id, seq)",
        `create trigger unread_changes_prune after insert on unread_changes when new.seq % 10000 = 0 begin delete from unread_changes where seq <= new.seq - ${UNREAD_CHANGES_KEEP}; end`,
        `create trigger unread_changes_um_update after update of flags on user_messages when ${unread("old")} <> ${unread("new")} or (${unread("new")} and (old.flags & ${MENTIONS}) <> (new.flags & ${MENTIONS})) begin ${log("new.user_id", "new.message_id")} end`,
        `create trigger unread_changes_um_rekey after update of user_id, message_id on user_messages when old.user_id <> new.user_id or old.message_id <> new.message_id begin ${log("old.user_id", "null")} ${log("new.user_id", "null")} end`,
        `create trigger unread_changes_um_delete after delete on user_messages when ${unread("old")} begin ${log("old.user_id", "old.message_id")} end`,
        `create trigger unread_changes_move after update of stream_id, recipient_id, topic, topic_key on messages
           when old.stream_id is not new.stream_id or old.recipient_id <> new.recipient_id or old.topic <> new.topic or old.topic_key <> new.topic_key
           begin insert into unread_changes (user_id, message_id) select user_id, new.id from user_messages where message_id = new.id and ${unread("user_messages")}; end`,
        `create trigger unread_changes_rekey after update of id on messages when old.id <> new.id begin ${log("0", "null")} end`,
        `create trigger unread_changes_sub_insert after insert on subscriptions when new.active = 0 begin ${log("new.user_id", "null")} end`,
        `create trigger unread_changes_sub_delete after delete on subscriptions when old.active = 0 begin ${log("old.user_id", "null")} end`,
        `create trigger unread_changes_sub_update after update of active, user_id, stream_id on subscriptions
           when (old.active = 0) <> (new.active = 0) or old.user_id <> new.user_id or old.stream_id <> new.stream_id
           begin ${log("old.user_id", "null")} ${log("new.user_id", "null")} end`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
