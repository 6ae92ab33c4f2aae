// GET /openapi.json says what each operation answers: the success envelope with the
// operation's own fields (and no others), or Zulip's error envelope with its code. Real
// answers of operations from every area of the URL table must fit the document's schema for
// their operation and status, `$ref`s resolved in the document's own components.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { bodyChecker } from "@beacon/testing/openapi";
import { basic, chatTest, type Account, type ChatTest, type Params, type Response } from "../helpers.js";
import { multipart, uploadsDir } from "./uploads-support.js";
import { png, uploadEmoji } from "./realm-emoji-support.js";
import { ROLE_MEMBER } from "../../src/lib/roles.js";

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

/** Any path notation (`:id`, `{id}`, a trailing `*`) with its parameters left unnamed. */
const shape = (path: string) => path.replace(/:[A-Za-z0-9_]+|\{[^}]+\}|\*$/g, "{}");

describe("GET /openapi.json: real answers fit each operation's described response", () => {
  let t: ChatTest;
  let doc: Document;
  let fits: ReturnType<typeof bodyChecker>;
  let owner: Account;
  let member: Account;
  /** `METHOD template` of each operation answered, and what did not fit. */
  const answered = new Set<string>();
  const misfits: string[] = [];

  before(async () => {
    t = await chatTest({ config: { uploadsDir: await uploadsDir() } });
    owner = await t.realm({ password: "owner-password" });
    member = await t.user(owner, { role: ROLE_MEMBER, name: "Mia Member" });
    doc = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    fits = bodyChecker(doc);
  });
  after(() => t.close());

  /** The described operation of a template of the URL table (`/messages/:message_id`). */
  function described(method: string, template: string): Operation {
    const item = Object.entries(doc.paths).find(([path]) => shape(path) === shape(template));
    const operation = item?.[1][method.toLowerCase()];
    assert.ok(operation, `${method} ${template} is not described`);
    return operation;
  }

  /** Records whether a response fits its operation's description for its status. */
  function record(method: string, template: string, res: Response): Response {
    const key = `${method} ${template}`;
    answered.add(key);
    const { responses } = described(method, template);
    const response = responses[String(res.status)] ?? responses.default;
    if (!response) {
      misfits.push(`${key}: status ${res.status} is not described (${JSON.stringify(res.body).slice(0, 200)})`);
      return res;
    }
    const schema = response.content?.["application/json"]?.schema;
    if (schema === undefined) {
      if (typeof res.body === "object" && res.body !== null) misfits.push(`${key}: ${res.status} has a JSON body the document does not describe`);
      return res;
    }
    const misfit = fits(schema, res.body);
    if (misfit) misfits.push(`${key} ${res.status}: ${misfit}`);
    return res;
  }

  /** Calls `template` with its `:name` (or trailing `*`) parts filled in from `path`. */
  async function call(who: Account | null, method: string, template: string, params: Params = {}, path: Record<string, string | number> = {}, options: { host?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = template.replace(/:([A-Za-z0-9_]+)|\*$/g, (part, name?: string) => encodeURIComponent(String(path[name ?? "rest"] ?? assert.fail(`no value for ${part} in ${template}`))));
    return record(method, template, await t.call(who, method, url, params, options));
  }

  /** A success, whose body is returned. */
  async function ok(who: Account | null, method: string, template: string, params: Params = {}, path: Record<string, string | number> = {}): Promise<any> {
    const res = await call(who, method, template, params, path);
    assert.equal(res.status, 200, `${method} ${template}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  it("answers the server's, users', channels', messages', events', groups', bots', the realm's and per-user operations as described", async () => {
    // The server and authentication
    await ok(null, "GET", "/server_settings", {}, {});
    await ok(null, "POST", "/fetch_api_key", { username: owner.email, password: "owner-password" });

    // Users
    await ok(owner, "GET", "/users");
    await ok(owner, "GET", "/users", { include_custom_profile_fields: true });
    await ok(owner, "GET", "/users/me");
    await ok(owner, "GET", "/users/:user", {}, { user: member.id });
    await ok(owner, "PATCH", "/users/:user", { full_name: "Mia M." }, { user: member.id });
    const created = await ok(owner, "POST", "/users", { email: "new@example.com", password: "a-long-password-1", full_name: "New Person" });
    await ok(owner, "GET", "/users/:user_id/channels", {}, { user_id: member.id });
    await ok(member, "POST", "/users/me/status", { status_text: "on a train", emoji_name: "train" });
    await ok(owner, "GET", "/users/:user_id/status", {}, { user_id: member.id });
    await ok(member, "POST", "/users/me/presence", { status: "active" });
    await ok(member, "POST", "/users/me/presence", { status: "active", slim_presence: true, last_update_id: -1 });
    await ok(owner, "GET", "/users/:user_id_or_email/presence", {}, { user_id_or_email: member.email });
    await ok(owner, "GET", "/realm/presence");
    await ok(owner, "DELETE", "/users/:user", {}, { user: created.user_id });
    await ok(owner, "POST", "/users/:user_id/reactivate", {}, { user_id: created.user_id });

    // Channels and subscriptions
    await ok(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "design", description: "Shapes" }], principals: [owner.id, member.id] });
    await ok(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "design" }] });
    const { stream_id: design } = await ok(member, "GET", "/get_stream_id", { stream: "design" });
    await ok(member, "GET", "/users/me/subscriptions", { include_subscribers: true });
    await ok(member, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: design, property: "color", value: "#ffaa00" }] });
    await ok(member, "PATCH", "/users/me/subscriptions/:stream_id", { property: "pin_to_top", value: true }, { stream_id: design });
    await ok(owner, "GET", "/streams");
    await ok(owner, "GET", "/streams", { include_default: true });
    await ok(owner, "GET", "/streams/:stream_id", {}, { stream_id: design });
    await ok(owner, "GET", "/streams/:stream_id/members", {}, { stream_id: design });
    await ok(owner, "PATCH", "/streams/:stream_id", { description: "Shapes and colours" }, { stream_id: design });
    await ok(owner, "GET", "/users/:user_id/subscriptions/:stream_id", {}, { user_id: member.id, stream_id: design });
    await ok(owner, "GET", "/streams/:stream_id/email_address", {}, { stream_id: design });
    const { id: lounge } = await ok(owner, "POST", "/channels/create", { name: "lounge", subscribers: [owner.id] });
    await ok(owner, "POST", "/default_streams", { stream_id: lounge });
    const { channel_folder_id: folder } = await ok(owner, "POST", "/channel_folders/create", { name: "Work" });
    await ok(owner, "PATCH", "/channel_folders/:channel_folder_id", { description: "Work things" }, { channel_folder_id: folder });
    await ok(owner, "GET", "/channel_folders");
    await ok(owner, "PATCH", "/users/me/subscriptions", { add: [{ name: "garden" }], delete: ["lounge"] });

    // Messages
    const { id: first } = await ok(owner, "POST", "/messages", { type: "stream", to: "design", topic: "logo", content: "Round or square? @**Mia M.**" });
    await ok(owner, "POST", "/messages", { type: "direct", to: [member.id], content: "Hello" });
    await ok(member, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [] });
    await ok(member, "GET", "/messages", { anchor: first, num_before: 0, num_after: 5, narrow: [{ operator: "channel", operand: design }], client_gravatar: false });
    await ok(member, "GET", "/messages", { message_ids: [first], narrow: [] });
    await ok(member, "GET", "/messages/:message_id", {}, { message_id: first });
    await ok(owner, "PATCH", "/messages/:message_id", { content: "Round, or square?", topic: "logo shape" }, { message_id: first });
    await ok(member, "GET", "/messages/:message_id/history", {}, { message_id: first });
    await ok(member, "GET", "/messages", { anchor: "newest", num_before: 5, num_after: 0, narrow: [{ operator: "channel", operand: design }] });
    await ok(member, "POST", "/messages/render", { content: "**bold**" });
    await ok(member, "POST", "/messages/:message_id/reactions", { emoji_name: "smile" }, { message_id: first });
    await ok(owner, "GET", "/messages/:message_id/read_receipts", {}, { message_id: first });
    await ok(member, "POST", "/messages/flags", { messages: [first], op: "add", flag: "read" });
    await ok(member, "POST", "/messages/flags/narrow", { anchor: "oldest", num_before: 0, num_after: 10, narrow: [], op: "add", flag: "starred" });
    await ok(member, "GET", "/messages/matches_narrow", { msg_ids: [first], narrow: [{ operator: "search", operand: "square" }] });
    await ok(member, "GET", "/messages", { anchor: "newest", num_before: 5, num_after: 0, narrow: [{ operator: "search", operand: "square" }] });
    await ok(member, "DELETE", "/messages/:message_id/reactions", { emoji_name: "smile" }, { message_id: first });
    await ok(member, "GET", "/users/me/:stream_id/topics", {}, { stream_id: design });
    await ok(member, "POST", "/user_topics", { stream_id: design, topic: "logo shape", visibility_policy: 1 });
    await ok(member, "POST", "/mark_topic_as_read", { stream_id: design, topic_name: "logo shape" });
    await ok(member, "POST", "/mark_stream_as_read", { stream_id: design });
    await ok(member, "POST", "/mark_all_as_read");
    await ok(member, "POST", "/typing", { op: "start", type: "direct", to: [owner.id] });
    const { reminder_id: reminder } = await ok(member, "POST", "/reminders", { message_id: first, scheduled_delivery_timestamp: Math.floor(t.clock.now().getTime() / 1000) + 3600 });
    await ok(member, "GET", "/reminders");
    await ok(member, "DELETE", "/reminders/:reminder_id", {}, { reminder_id: reminder });
    const later = Math.floor(t.clock.now().getTime() / 1000) + 7200;
    const { scheduled_message_id: scheduled } = await ok(member, "POST", "/scheduled_messages", { type: "stream", to: design, topic: "later", content: "Soon", scheduled_delivery_timestamp: later });
    await ok(member, "POST", "/scheduled_messages", { type: "direct", to: [owner.id], content: "Soon too", scheduled_delivery_timestamp: later });
    await ok(member, "GET", "/scheduled_messages");
    await ok(member, "DELETE", "/scheduled_messages/:scheduled_message_id", {}, { scheduled_message_id: scheduled });
    const { id: doomed } = await ok(owner, "POST", "/messages", { type: "stream", to: "design", topic: "scratch", content: "To be deleted" });
    await ok(owner, "DELETE", "/messages/:message_id", {}, { message_id: doomed });
    await ok(owner, "POST", "/streams/:stream_id/delete_topic", { topic_name: "scratch" }, { stream_id: design });

    // Real-time events
    const queue = await ok(member, "POST", "/register", { event_types: ["message", "subscription"], fetch_event_types: ["message", "subscription", "realm_user", "update_message_flags"] });
    await ok(owner, "POST", "/messages", { type: "stream", to: "design", topic: "logo shape", content: "Square it is." });
    await ok(member, "GET", "/events", { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true });
    await ok(member, "DELETE", "/events", { queue_id: queue.queue_id });

    // User groups
    const { group_id: group } = await ok(owner, "POST", "/user_groups/create", { name: "designers", description: "Who draws", members: [member.id] });
    await ok(owner, "GET", "/user_groups");
    await ok(owner, "GET", "/user_groups/:group_id/members", {}, { group_id: group });
    await ok(owner, "GET", "/user_groups/:group_id/members/:user_id", {}, { group_id: group, user_id: member.id });
    await ok(owner, "GET", "/user_groups/:group_id/subgroups", {}, { group_id: group });
    await ok(owner, "PATCH", "/user_groups/:group_id", { description: "Who draws well" }, { group_id: group });

    // Bots
    const bot = await ok(owner, "POST", "/bots", { full_name: "Helper", short_name: "helper" });
    await ok(owner, "GET", "/bots");
    await ok(owner, "GET", "/bots/:bot_id/api_key", {}, { bot_id: bot.user_id });
    const botAccount: Account = { id: bot.user_id, email: (await ok(owner, "GET", "/users/:user", {}, { user: bot.user_id })).user.email, apiKey: bot.api_key, realmId: owner.realmId, host: owner.host };
    await ok(botAccount, "PUT", "/bot_storage", { storage: { mood: "ready" } });
    await ok(botAccount, "GET", "/bot_storage", { keys: ["mood"] });

    // The organization
    await ok(owner, "PATCH", "/realm", { name: "Renamed", description: "About us" });
    await ok(owner, "POST", "/realm/domains", { domain: "example.org", allow_subdomains: false });
    await ok(owner, "GET", "/realm/domains");
    await ok(owner, "POST", "/realm/filters", { pattern: "#(?P<id>[0-9]+)", url_template: "https://tracker.example.com/{id}" });
    await ok(owner, "GET", "/realm/linkifiers");
    await ok(owner, "POST", "/realm/playgrounds", { name: "Python", pygments_language: "python", url_template: "https://play.example.com/?code={code}" });
    await ok(owner, "POST", "/realm/profile_fields", { name: "Team", field_type: 1, hint: "Yours" });
    await ok(owner, "GET", "/realm/profile_fields");
    await ok(owner, "GET", "/realm/emoji");
    await call(owner, "GET", "/realm/icon");
    await ok(owner, "GET", "/export/realm");
    await ok(owner, "GET", "/export/realm/consents");
    await ok(owner, "POST", "/invites", { invitee_emails: "friend@example.com", stream_ids: [design] });
    await ok(owner, "GET", "/invites");
    await ok(owner, "POST", "/invites/multiuse", { stream_ids: [design] });

    // Per-user data
    await ok(member, "PATCH", "/settings", { enter_sends: true });
    await ok(member, "POST", "/users/me/alert_words", { alert_words: ["logo"] });
    await ok(member, "GET", "/users/me/alert_words");
    await ok(member, "DELETE", "/users/me/alert_words", { alert_words: ["logo"] });
    const { ids: drafts } = await ok(member, "POST", "/drafts", { drafts: [{ type: "stream", to: [design], topic: "logo", content: "Maybe", timestamp: 1_700_000_000 }] });
    await ok(member, "GET", "/drafts");
    await ok(member, "PATCH", "/drafts/:draft_id", { draft: { type: "stream", to: [design], topic: "logo", content: "Maybe not", timestamp: 1_700_000_001 } }, { draft_id: drafts[0] });
    await ok(member, "DELETE", "/drafts/:draft_id", {}, { draft_id: drafts[0] });
    await ok(member, "POST", "/saved_snippets", { title: "Thanks", content: "Thank you!" });
    await ok(member, "GET", "/saved_snippets");
    await ok(member, "POST", "/navigation_views", { fragment: "narrow/channel/design", is_pinned: true, name: "Design" });
    await ok(member, "GET", "/navigation_views");
    await ok(member, "POST", "/users/me/muted_users/:muted_user_id", {}, { muted_user_id: created.user_id });
    const upload = await multipart(t, member, "POST", "/user_uploads", [{ field: "file", fileName: "notes.txt", contentType: "text/plain", data: "notes" }]);
    record("POST", "/user_uploads", upload);
    await ok(member, "GET", "/attachments");
    const [realmId, ...rest] = upload.body.url.slice("/user_uploads/".length).split("/");
    await ok(member, "GET", "/user_uploads/:realm_id_str/*", {}, { realm_id_str: realmId, rest: rest.join("/") });
    // Changes and removals across the areas, and the lists they change.
    record("POST", "/realm/emoji/*", await uploadEmoji(t, owner, "party", [{ data: png() }]));
    await ok(owner, "GET", "/realm/emoji");
    await ok(owner, "DELETE", "/realm/emoji/*", {}, { rest: "party" });
    const invite = (await ok(owner, "GET", "/invites")).invites[0];
    await ok(owner, "POST", "/invites/:invite_id/resend", {}, { invite_id: invite.id });
    await ok(owner, "DELETE", "/invites/:invite_id", {}, { invite_id: invite.id });
    await ok(owner, "POST", "/user_groups/:group_id/members", { add: [owner.id] }, { group_id: group });
    await ok(owner, "POST", "/user_groups/:group_id/deactivate", {}, { group_id: group });
    await ok(owner, "POST", "/default_stream_groups/create", { group_name: "starters", description: "For everyone", stream_names: ["design"] });
    await ok(owner, "PATCH", "/channel_folders", { order: [folder] });
    const [linkifier] = (await ok(owner, "GET", "/realm/linkifiers")).linkifiers;
    await ok(owner, "PATCH", "/realm/filters/:filter_id", { pattern: "#(?P<id>[0-9]+)", url_template: "https://bugs.example.com/{id}" }, { filter_id: linkifier.id });
    await ok(owner, "DELETE", "/realm/filters/:filter_id", {}, { filter_id: linkifier.id });
    const [field] = (await ok(owner, "GET", "/realm/profile_fields")).custom_fields;
    await ok(member, "PATCH", "/users/me/profile_data", { data: [{ id: field.id, value: "Design" }] });
    await ok(owner, "GET", "/users/:user", { include_custom_profile_fields: true }, { user: member.id });
    await ok(owner, "PATCH", "/realm/profile_fields/:field_id", { name: "Squad" }, { field_id: field.id });
    await ok(owner, "PATCH", "/realm/domains/:domain", { allow_subdomains: true }, { domain: "example.org" });
    await ok(owner, "DELETE", "/realm/domains/:domain", {}, { domain: "example.org" });
    await ok(owner, "POST", "/export/realm", { export_type: "public" });
    await ok(owner, "GET", "/export/realm");
    await ok(owner, "POST", "/users/:user_id/status", { status_text: "in a meeting" }, { user_id: member.id });
    await ok(member, "POST", "/users/me/onboarding_steps", { onboarding_step: "intro_inbox_view_modal" });
    const [snippet] = (await ok(member, "GET", "/saved_snippets")).saved_snippets;
    await ok(member, "PATCH", "/saved_snippets/:saved_snippet_id", { title: "Thanks!" }, { saved_snippet_id: snippet.id });
    await ok(member, "DELETE", "/saved_snippets/:saved_snippet_id", {}, { saved_snippet_id: snippet.id });
    await ok(member, "PATCH", "/navigation_views/*", { is_pinned: false }, { rest: "narrow/channel/design" });
    await ok(member, "DELETE", "/navigation_views/*", {}, { rest: "narrow/channel/design" });
    await ok(member, "DELETE", "/users/me/muted_users/:muted_user_id", {}, { muted_user_id: created.user_id });
    const { id: poll } = await ok(member, "POST", "/messages", { type: "stream", to: "design", topic: "poll", content: "/poll Round or square?" });
    await ok(member, "POST", "/submessage", { message_id: poll, msg_type: "widget", content: JSON.stringify({ type: "vote", key: "canned,0", vote: 1 }) });
    await ok(member, "GET", "/messages/:message_id", {}, { message_id: poll });
    await ok(member, "POST", "/messages/:message_id/typing", { op: "start" }, { message_id: poll });
    await call(member, "POST", "/messages/:message_id/report", { report_type: "spam" }, { message_id: first }); // refused: no moderation channel

    // Every state section at once, now that the lists have something in them.
    const state = await ok(member, "POST", "/register", {});
    await ok(member, "DELETE", "/events", { queue_id: state.queue_id });
    await ok(member, "POST", "/users/me/api_key/regenerate");
    member = { ...member, apiKey: "stale" };

    // Errors: Zulip's envelope with a code the operation lists.
    const failures: [number, string][] = [];
    const failed = async (status: number, code: string, res: Promise<Response>) => {
      const { body, status: got } = await res;
      if (got !== status || body.code !== code) failures.push([got, String(body.code)]);
    };
    await failed(400, "STREAM_DOES_NOT_EXIST", call(owner, "POST", "/messages", { type: "stream", to: "nowhere", topic: "x", content: "Hello?" }));
    await failed(400, "BAD_NARROW", call(owner, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "colour", operand: "red" }] }));
    await failed(400, "REACTION_DOES_NOT_EXIST", call(owner, "DELETE", "/messages/:message_id/reactions", { emoji_name: "smile" }, { message_id: first }));
    await failed(400, "BAD_EVENT_QUEUE_ID", call(owner, "GET", "/events", { queue_id: queue.queue_id, last_event_id: -1, dont_block: true }));
    await failed(404, "NOT_FOUND", call(owner, "DELETE", "/navigation_views/*", {}, { rest: "narrow/nothing" }));
    await failed(409, "CHANNEL_ALREADY_EXISTS", call(owner, "POST", "/channels/create", { name: "design", subscribers: [owner.id] }));
    assert.deepEqual(failures, []);
    await ok(owner, "DELETE", "/realm/icon");
    await call(owner, "GET", "/messages/:message_id", {}, { message_id: 999_999 });
    await call(owner, "POST", "/messages", { type: "stream", to: "design", topic: "x" });
    await call(owner, "GET", "/messages", { anchor: "newest", num_before: "many", num_after: 0 });
    await call(member, "GET", "/users/me");
    await call(null, "GET", "/users/me", {}, {}, { host: owner.host, headers: { authorization: basic(owner.email, "wrong") } });
    await ok(owner, "DELETE", "/users/me/subscriptions", { subscriptions: ["garden"] });

    assert.deepEqual(misfits, []);
    // Every area of the table, and at least 40 operations of it.
    assert.ok(answered.size >= 40, `only ${answered.size} operations answered`);
    const areas = new Set([...answered].map((key) => key.split(" ")[1].split("/")[1]));
    for (const area of ["server_settings", "users", "streams", "messages", "register", "events", "user_groups", "bots", "realm", "drafts", "user_uploads"]) {
      assert.ok(areas.has(area), `nothing answered under /${area}`);
    }
  });
});
