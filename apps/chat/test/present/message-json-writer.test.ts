// The compiled message JSON writer (present/message.ts messageJsonWriter) against
// JSON.stringify of the dict presentMessage builds, byte for byte, on rows no HTTP request can
// store: lone surrogates, every control character, empty strings, missing senders and channels.
// messages-json.test.ts holds the same comparison on rows sent through the API.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { DictMessage } from "../../src/store/schema.js";
import type { Reaction } from "../../src/store/reactions.js";
import type { Stream } from "../../src/store/streams.js";
import type { Submessage } from "../../src/store/submessages.js";
import type { User } from "../../src/store/users.js";
import { FLAG_BITS, HISTORICAL_FLAGS } from "../../src/lib/message-flags.js";
import { messageJsonWriter, presentMessage, type MessageLookups, type MessageViewOptions } from "../../src/present/message.js";

// Strings that JSON.stringify escapes, or only just does not.
const CONTROLS = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)).join("");
const AWKWARD = [
  "",
  "plain",
  'quote " and backslash \\ and slash /',
  CONTROLS,
  "\u007f \u0080 \u00ff \u2028 \u2029 \ufeff \uffff",
  "Ünïcødé, 中文, עברית, emoji 😀🌻 and a flag 🇫🇷",
  "lone high \ud800 here",
  "lone low \udc00 here",
  "\ud83d",
  "\ude00",
  "reversed pair \ude00\ud83d",
  "pair then lone 😀\ud800",
  "\ud800\ud800\udc00",
  "</script><script>alert(1)</script>",
  "a".repeat(5000) + "\n",
  // each character that needs escaping alone in otherwise plain text
  ...Array.from(CONTROLS + '"\\', (c) => `before ${c} after`),
];

const user = (id: number, fullName: string, email: string, avatarSource = "G"): User =>
  ({ id, realm_id: 1, full_name: fullName, email, delivery_email: email, avatar_source: avatarSource, avatar_version: id, email_address_visibility: id % 2 ? 1 : 2 }) as unknown as User;

const USERS = new Map(
  [user(1, "Alice", "alice@example.com"), user(2, AWKWARD[3], AWKWARD[6], "U"), user(3, AWKWARD[5], "carol@example.com"), user(4, "", "")].map((u) => [u.id, u]),
);

const ms = (seconds: number) => seconds * 1000 + 999;

/** A row; `n` varies the strings, ids and optional columns. */
function row(n: number, fields: Partial<DictMessage> = {}): DictMessage {
  const text = AWKWARD[n % AWKWARD.length];
  return {
    id: 1000 + n,
    sender_id: 1 + (n % 5), // 5: a sender the page's lookups do not know
    recipient_id: 50 + (n % 3),
    stream_id: 10 + (n % 3),
    topic: AWKWARD[(n * 7) % AWKWARD.length],
    client: n % 4 ? "website" : AWKWARD[(n * 3) % AWKWARD.length],
    date_sent: ms(1_700_000_000 + n),
    last_edit_time: n % 3 ? null : ms(1_700_001_000 + n),
    last_moved_time: n % 5 ? null : ms(1_700_002_000 + n),
    is_me_message: n % 6 ? 0 : 1,
    edit_history: null,
    content: text,
    rendered_content: `<p>${AWKWARD[(n + 1) % AWKWARD.length]}</p>`,
    ...fields,
  };
}

const history = JSON.stringify([
  { user_id: 2, timestamp: 1_700_002_000, prev_topic: AWKWARD[6], topic: AWKWARD[5], prev_stream: 11, stream: 10 },
  { user_id: null, timestamp: 1_700_001_000, prev_content: AWKWARD[3], prev_rendered_content: `<p>${AWKWARD[7]}</p>` },
]);

const ROWS: DictMessage[] = [
  ...Array.from({ length: 3 * AWKWARD.length }, (_, n) => row(n)),
  // direct messages: to a known conversation, to one nobody recorded, from an unknown sender
  row(100, { stream_id: null, recipient_id: 200, topic: "" }),
  row(101, { stream_id: null, recipient_id: 201, topic: "" }),
  row(104, { stream_id: null, recipient_id: 200, topic: "", sender_id: 99 }),
  // the empty topic, edits with a history, a channel the lookups do not know
  row(102, { topic: "" }),
  row(103, { edit_history: history, last_edit_time: ms(1_700_001_000), last_moved_time: ms(1_700_002_000) }),
  row(105, { edit_history: JSON.stringify([{ user_id: 1, timestamp: 1_700_001_000, prev_content: "x", prev_rendered_content: "<p>x</p>" }]), last_edit_time: ms(1_700_001_000) }),
  row(106, { stream_id: 77 }),
];

const reaction = (messageId: number, userId: number, name: string, code: string, type = "unicode_emoji"): Reaction =>
  ({ message_id: messageId, user_id: userId, emoji_name: name, emoji_code: code, reaction_type: type }) as unknown as Reaction;

const LOOKUPS: MessageLookups = {
  realmStringId: "zulip \"realm\" ü",
  users: USERS,
  streams: new Map([10, 11, 12].map((id) => [id, { id, name: AWKWARD[id - 5] } as unknown as Stream])),
  dmMembers: new Map([[200, [1, 2, 3, 5]]]),
  reactions: new Map([
    [1000, [reaction(1000, 1, "thumbs_up", "1f44d"), reaction(1000, 2, AWKWARD[6], AWKWARD[3], "realm_emoji")]],
    [1001, [reaction(1001, 3, "zulip", "zulip", "zulip_extra_emoji")]],
    [1100, []],
  ]),
  submessages: new Map([
    [1002, [{ id: 1, message_id: 1002, sender_id: 1, msg_type: "widget", content: JSON.stringify({ widget_type: "poll", extra_data: { question: AWKWARD[5] } }) } as unknown as Submessage]],
    [1101, [{ id: 2, message_id: 1101, sender_id: 2, msg_type: "widget", content: AWKWARD[6] } as unknown as Submessage]],
  ]),
};

const VIEWS: MessageViewOptions[] = [true, false].flatMap((applyMarkdown) =>
  [true, false].flatMap((clientGravatar) =>
    [true, false].flatMap((allowEmptyTopicName) => (["all", "moves", "none", undefined] as const).map((editHistory) => ({ applyMarkdown, clientGravatar, allowEmptyTopicName, editHistory }))),
  ),
);

const FLAGS = [0, FLAG_BITS.read, HISTORICAL_FLAGS, FLAG_BITS.starred | FLAG_BITS.mentioned, FLAG_BITS.stream_wildcard_mentioned, FLAG_BITS.topic_wildcard_mentioned | FLAG_BITS.has_alert_word, 4095, FLAG_BITS.is_private | FLAG_BITS.read];

describe("the compiled message JSON writer", () => {
  it("writes JSON.stringify(presentMessage(…)) byte for byte, for every view", () => {
    for (const view of VIEWS) {
      // One writer per page, as GET /messages uses it: the shared texts it keeps must stay right
      // for later messages with the same sender, channel, topic, client or flags.
      const write = messageJsonWriter(LOOKUPS, view);
      for (const [i, m] of [...ROWS, ...ROWS].entries()) {
        const flags = FLAGS[i % FLAGS.length];
        assert.equal(write(m, flags), JSON.stringify(presentMessage(m, LOOKUPS, view, flags)), `${JSON.stringify(view)}, message ${m.id}, flags ${flags}`);
      }
    }
  });

  it("writes valid JSON with the awkward strings intact", () => {
    const write = messageJsonWriter(LOOKUPS, VIEWS[0]);
    for (const [n, text] of AWKWARD.entries()) {
      const m = row(n, { rendered_content: text, topic: text });
      const dict = JSON.parse(write(m, 0)) as Record<string, unknown>;
      // JSON.parse gives lone surrogates back as the same code units.
      assert.equal(dict.content, text);
      assert.equal(dict.subject, text);
      assert.deepEqual(Object.keys(dict).slice(0, 3), ["id", "sender_id", "content"]);
    }
  });

  it("leaves out what a message lacks and writes empty lists as []", () => {
    const write = messageJsonWriter(LOOKUPS, { applyMarkdown: true, clientGravatar: true, allowEmptyTopicName: true });
    const dm = JSON.parse(write(row(101, { stream_id: null, recipient_id: 201, topic: "", last_edit_time: null, last_moved_time: null }), 0)) as Record<string, unknown>;
    assert.equal("stream_id" in dm, false);
    assert.equal("last_edit_timestamp" in dm, false);
    assert.equal("edit_history" in dm, false);
    assert.deepEqual(dm.flags, []);
    assert.deepEqual(dm.reactions, []);
    assert.deepEqual(dm.topic_links, []);
    assert.deepEqual(dm.display_recipient, [{ id: 2, email: AWKWARD[6], full_name: CONTROLS, is_mirror_dummy: false }]);
    // Alice's address is visible to everyone: a client_gravatar client computes her avatar.
    assert.equal(JSON.parse(write(row(0), 0)).avatar_url, null);
  });
});
