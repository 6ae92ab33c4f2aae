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
import { solidImage, upload } from "./images-support.js";
import { fakeBouncer, PUSH_KEY, type FakeBouncer } from "./push-support.js";
import { ROLE_MEMBER } from "../../src/lib/roles.js";
import { ROUTES } from "../../src/routes/index.js";
import { drainRealmExports } from "../../src/workers/exports.js";

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
  let bouncer: FakeBouncer;
  /** `METHOD template` of each operation answered, of each that answered a success, and what did not fit. */
  const answered = new Set<string>();
  const succeeded = new Set<string>();
  const misfits: string[] = [];

  before(async () => {
    bouncer = await fakeBouncer();
    // The push bouncer answers the push operations; BigBlueButton's create makes a signed link without calling it.
    t = await chatTest({ config: { uploadsDir: await uploadsDir(), pushBouncerUrl: bouncer.url, bigBlueButtonUrl: "http://127.0.0.1:9/bigbluebutton", bigBlueButtonSecret: "bbb-secret" } });
    owner = await t.realm({ password: "owner-password" });
    member = await t.user(owner, { role: ROLE_MEMBER, name: "Mia Member" });
    doc = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    fits = bodyChecker(doc);
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });

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
    if (res.status < 400) succeeded.add(key);
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
  async function ok(who: Account | null, method: string, template: string, params: Params = {}, path: Record<string, string | number> = {}, options: { host?: string } = {}): Promise<any> {
    const res = await call(who, method, template, params, path, options);
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
  it("answers every other operation of the URL table with a success as described", async () => {
    const mia = await t.user(owner, { role: ROLE_MEMBER, name: "Mia Again" });
    // Invitations and signing up with a link
    const { invite_link: link } = await ok(owner, "POST", "/invites/multiuse", {});
    await ok(null, "POST", "/accounts/register", { key: link.split("/").at(-2), email: "joiner@example.com", full_name: "Joiner", password: "pw-secret-1" }, {}, { host: owner.host });
    await ok(owner, "POST", "/invites/multiuse", { invite_expires_in_minutes: 60 });
    const multiuse = (await ok(owner, "GET", "/invites")).invites.find((invite: { is_multiuse: boolean }) => invite.is_multiuse);
    await ok(owner, "DELETE", "/invites/multiuse/:invite_id", {}, { invite_id: multiuse.id });

    // Groups, bots and channels
    const { group_id: outer } = await ok(owner, "POST", "/user_groups/create", { name: "outer", description: "", members: [] });
    const { group_id: inner } = await ok(owner, "POST", "/user_groups/create", { name: "inner", description: "", members: [mia.id] });
    await ok(owner, "POST", "/user_groups/:group_id/subgroups", { add: [inner] }, { group_id: outer });
    const bot = await ok(owner, "POST", "/bots", { full_name: "Second Helper", short_name: "helper2" });
    const { api_key: botKey } = await ok(owner, "POST", "/bots/:bot_id/api_key/regenerate", {}, { bot_id: bot.user_id });
    const botAccount: Account = { id: bot.user_id, email: (await ok(owner, "GET", "/users/:user", {}, { user: bot.user_id })).user.email, apiKey: botKey, realmId: owner.realmId, host: owner.host };
    await ok(botAccount, "PUT", "/bot_storage", { storage: { mood: "ready", plan: "none" } });
    await ok(botAccount, "DELETE", "/bot_storage", { keys: ["mood"] });
    await ok(owner, "DELETE", "/bots/:bot_id", {}, { bot_id: bot.user_id });
    const { id: attic } = await ok(owner, "POST", "/channels/create", { name: "attic", subscribers: [owner.id, mia.id] });
    await ok(owner, "POST", "/default_streams", { stream_id: attic });
    await ok(owner, "DELETE", "/default_streams", { stream_id: attic });
    await ok(owner, "POST", "/default_stream_groups/create", { group_name: "newcomers", description: "", stream_names: ["attic"] });
    const { realm_default_stream_groups: groups, queue_id: groupsQueue } = await ok(owner, "POST", "/register", { fetch_event_types: ["default_stream_groups"] });
    await ok(owner, "DELETE", "/events", { queue_id: groupsQueue });
    const newcomers = groups.find((group: { name: string }) => group.name === "newcomers").id;
    await ok(owner, "PATCH", "/default_stream_groups/:group_id", { new_description: "For the new" }, { group_id: newcomers });
    await ok(owner, "PATCH", "/default_stream_groups/:group_id/streams", { op: "add", stream_names: ["design"] }, { group_id: newcomers });
    await ok(owner, "DELETE", "/default_stream_groups/:group_id", {}, { group_id: newcomers });
    await ok(mia, "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: attic, topic: "dust", op: "add" });

    // Messages
    const later = Math.floor(t.clock.now().getTime() / 1000) + 7200;
    const { scheduled_message_id: scheduled } = await ok(mia, "POST", "/scheduled_messages", { type: "stream", to: attic, topic: "later", content: "Soon", scheduled_delivery_timestamp: later });
    await ok(mia, "PATCH", "/scheduled_messages/:scheduled_message_id", { content: "Sooner" }, { scheduled_message_id: scheduled });
    const { id: moderators } = await ok(owner, "POST", "/channels/create", { name: "moderators", subscribers: [owner.id], invite_only: true });
    await ok(owner, "PATCH", "/realm", { moderation_request_channel_id: moderators });
    const { id: spam } = await ok(mia, "POST", "/messages", { type: "stream", to: "attic", topic: "offers", content: "Buy now" });
    await ok(owner, "POST", "/messages/:message_id/report", { report_type: "spam", description: "" }, { message_id: spam });
    await ok(owner, "PATCH", "/realm", { video_chat_provider: 4 });
    await ok(mia, "GET", "/calls/bigbluebutton/create", { meeting_name: "standup" });
    await ok(owner, "DELETE", "/streams/:stream_id", {}, { stream_id: attic });

    // The organization
    await ok(owner, "PATCH", "/realm/user_settings_defaults", { enter_sends: true });
    await ok(owner, "POST", "/realm/test_welcome_bot_custom_message", { welcome_message_custom_text: "Welcome!" });
    const { id: playground } = await ok(owner, "POST", "/realm/playgrounds", { name: "Shell", pygments_language: "bash", url_template: "https://play.example.com/?code={code}" });
    await ok(owner, "DELETE", "/realm/playgrounds/:playground_id", {}, { playground_id: playground });
    await ok(owner, "POST", "/realm/filters", { pattern: "#(?P<id>[0-9]+)", url_template: "https://tracker.example.com/{id}" });
    await ok(owner, "POST", "/realm/filters", { pattern: "!(?P<id>[0-9]+)", url_template: "https://review.example.com/{id}" });
    const linkifierIds = (await ok(owner, "GET", "/realm/linkifiers")).linkifiers.map((linkifier: { id: number }) => linkifier.id);
    await ok(owner, "PATCH", "/realm/linkifiers", { ordered_linkifier_ids: linkifierIds.toReversed() });
    const { id: field } = await ok(owner, "POST", "/realm/profile_fields", { name: "Desk", field_type: 1 });
    await ok(mia, "PATCH", "/users/me/profile_data", { data: [{ id: field, value: "By the window" }] });
    await ok(mia, "DELETE", "/users/me/profile_data", { data: [field] });
    const fieldIds = (await ok(owner, "GET", "/realm/profile_fields")).custom_fields.map((custom: { id: number }) => custom.id);
    await ok(owner, "PATCH", "/realm/profile_fields", { order: fieldIds.toReversed() });
    await ok(owner, "DELETE", "/realm/profile_fields/:field_id", {}, { field_id: field });
    record("POST", "/realm/icon", await upload(t, owner, "POST", "/realm/icon", [{ data: await solidImage(300, 200) }]));
    record("POST", "/realm/logo", await upload(t, owner, "POST", "/realm/logo?night=false", [{ data: await solidImage(800, 100) }]));
    await call(owner, "GET", "/realm/logo", { night: false });
    await ok(owner, "DELETE", "/realm/logo", { night: false });
    const { id: exported } = await ok(owner, "POST", "/export/realm", { export_type: "public" });
    await drainRealmExports(t.deps);
    await ok(owner, "DELETE", "/export/realm/:export_id", {}, { export_id: exported });

    // Mobile push notifications, through the bouncer
    const { device_id: device } = await ok(mia, "POST", "/register_client_device");
    const registration = { device_id: device, push_key: PUSH_KEY, push_key_id: 3, token_kind: "fcm", token_id: "hGsEWGmyyfI=", bouncer_public_key: "k", encrypted_push_registration: "e" };
    await ok(mia, "POST", "/mobile_push/register", registration);
    await ok(mia, "POST", "/mobile_push/e2ee/test_notification");
    await ok(mia, "POST", "/remove_client_device", { device_id: device });
    await ok(mia, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "org.zulip.Zulip" });
    await ok(mia, "POST", "/users/me/android_gcm_reg_id", { token: "android-token" });
    await ok(mia, "POST", "/mobile_push/test_notification", { token: "android-token" });
    await ok(mia, "DELETE", "/users/me/apns_device_token", { token: "c0ffee" });
    await ok(mia, "DELETE", "/users/me/android_gcm_reg_id", { token: "android-token" });

    // Uploaded files and per-user data
    const photo = await upload(t, mia, "POST", "/user_uploads", [{ data: await solidImage(640, 480, "jpeg"), fileName: "photo.jpg" }]);
    record("POST", "/user_uploads", photo);
    const [realmId, ...rest] = photo.body.url.slice("/user_uploads/".length).split("/");
    await ok(mia, "GET", "/thumbnail/status/:realm_id_str/*", {}, { realm_id_str: realmId, rest: rest.join("/") });
    const [attachment] = (await ok(mia, "GET", "/attachments")).attachments;
    await ok(mia, "DELETE", "/attachments/:attachment_id", {}, { attachment_id: attachment.id });
    await ok(mia, "PATCH", "/settings/display", { left_side_userlist: true });
    await ok(mia, "PATCH", "/settings/notifications", { enable_sounds: false });
    record("POST", "/users/me/avatar", await upload(t, mia, "POST", "/users/me/avatar", [{ data: await solidImage(100, 100), fileName: "me.png" }]));
    await ok(mia, "DELETE", "/users/me/avatar");

    // Last: an account, then an organization, closes itself.
    await ok(mia, "DELETE", "/users/me");
    const elsewhere = await t.realm();
    await ok(elsewhere, "POST", "/realm/deactivate", {});

    assert.deepEqual(misfits, []);
    // Every operation of the URL table has answered a success that fits its description.
    const missing = ROUTES.map((route) => `${route.method} ${route.path}`).filter((key) => ![...succeeded].some((done) => done.split(" ")[0] === key.split(" ")[0] && shape(done.split(" ")[1]) === shape(key.split(" ")[1])));
    assert.deepEqual(missing, []);
  });
});
