// Telegram against a fake Bot API server: set-up through the bot, alerts, and Telegram's errors.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { loadMonitorConfig } from "../../config.js";
import { call, createCheckVia } from "../../../test/helpers.js";
import { signedUp, WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService, type Received, type Reply } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, channelRow, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { setTelegramWebhook } from "./commands.js";

const TOKEN = "123456:ABC-def_ghi";
const OK = { status: 200, body: { ok: true, result: { message_id: 7, date: 1577836800, chat: { id: 123, type: "group" }, text: "…" } } };
const refusal = (status: number, description: string, parameters?: Record<string, unknown>) => ({ status, body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) } });

async function startTelegram(): Promise<{ telegram: FakeService; env: Record<string, string> }> {
  const telegram = await startFakeService(OK);
  return { telegram, env: { MONITOR_TELEGRAM_TOKEN: TOKEN, MONITOR_TELEGRAM_BOT_NAME: "BeaconAlertsBot", MONITOR_TELEGRAM_API_URL: telegram.url } };
}

const sent = (req: Received) => {
  assert.equal(req.method, "POST");
  assert.equal(req.url, `/bot${TOKEN}/sendMessage`);
  assert.equal(req.headers["content-type"], "application/json");
  return req.json() as { chat_id: number; message_thread_id: number | null; text: string; parse_mode: string };
};

describe("Telegram alerts", () => {
  let h: Harness;
  let telegram: FakeService;
  // Answers for one chat: alerts still waiting for a retry go to other chats meanwhile.
  const answers = new Map<number, Reply[]>();
  const toChat = (id: number) => telegram.requests.filter((r) => sent(r).chat_id === id);
  before(async () => {
    const fake = await startTelegram();
    telegram = fake.telegram;
    telegram.on("POST", "/:bot/sendMessage", (req) => answers.get(req.json().chat_id)?.shift() ?? OK);
    h = await startKindHarness(fake.env);
  });
  after(async () => {
    await h.close();
    await telegram.close();
  });

  it("sends the upstream's HTML message to the chat, with the thread id when there is one", async () => {
    telegram.clear();
    const ch = await addIntegration(h, "telegram", { id: 123, type: "group", name: "Ops", thread_id: null });
    const { check } = await alertDown(h, ch, { name: "DB Backup", tags: "foo bar baz", timeout: 86400 });
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.equal(telegram.requests[0].text().slice(0, 45), '{"chat_id": 123, "message_thread_id": null, "');
    assert.deepEqual(sent(telegram.requests[0]), {
      chat_id: 123,
      message_thread_id: null,
      text: [
        `\u{1F534} The check <a href="http://localhost:8000/cloaked/${key}/">DB Backup</a> is <b>DOWN</b> (received a failure signal).`,
        "",
        "<b>Project:</b> Alices",
        "<b>Tags:</b> foo, bar, baz",
        "<b>Period:</b> 1 day",
        "<b>Total Pings:</b> 1",
        "<b>Last Ping:</b> Failure, now",
      ].join("\n"),
      parse_mode: "html",
    });

    telegram.clear();
    const topic = await addIntegration(h, "telegram", { id: -100, type: "supergroup", name: "Forum", thread_id: 456 });
    await alertDown(h, topic, { name: "Other" });
    assert.equal(sent(telegram.requests[0]).message_thread_id, 456);
    assert.equal(sent(telegram.requests[0]).chat_id, -100);
  });

  it("says when a check is up again and how long it was down", async () => {
    telegram.clear();
    const ch = await addIntegration(h, "telegram", { id: 124, type: "private", name: "alice" });
    await alertDownThenUp(h, ch, { name: "Nightly" }, 5400);
    assert.equal(telegram.requests.length, 2);
    const up = sent(telegram.requests[1]).text;
    assert.match(up, /^\u{1F7E2} The check <a href="[^"]+">Nightly<\/a> is now <b>UP<\/b>\.\nThe downtime lasted 1 hour, 30 minutes\.\n\n/u);
    assert.match(up, /<b>Last Ping:<\/b> Success, now/);
  });

  it("shows a cron schedule, escapes what users typed, cuts the ping body at 1,000 characters and lists the other checks down", async () => {
    telegram.clear();
    const ch = await addIntegration(h, "telegram", { id: 125 });
    const other = await createCheckVia(h, { name: "Queue <b>", timeout: 60, grace: 60 });
    await h.app.inject({ method: "GET", url: `/ping/${other.uuid}/fail` });
    await runAlertCycle(h.deps);
    await alertDown(h, ch, { name: "A & B", schedule: "* * * * MON-FRI", tz: "Europe/Riga" }, { body: "<b>bold</b>\nfoo & bar" + "x".repeat(1000) });
    const text = sent(telegram.requests[0]).text;
    assert.match(text, /The check <a href="[^"]+">A &amp; B<\/a> is <b>DOWN<\/b>/);
    assert.match(text, /\n<b>Schedule:<\/b> <code>\* \* \* \* MON-FRI<\/code>\n<b>Time Zone:<\/b> Europe\/Riga\n/);
    assert.match(text, /\n<b>Last Ping Body:<\/b>\n<pre>&lt;b&gt;bold&lt;\/b&gt;\nfoo &amp; barx{979}\n\[truncated\]<\/pre>\n/);
    assert.match(text, /\n\nThe following checks are also down:\n- <a href="http:\/\/localhost:8000\/cloaked\/\w+\/">Queue &lt;b&gt;<\/a> \(last ping: now\)$/);
  });

  it("sends a test notification for a made-up TEST check", async () => {
    telegram.clear();
    const ch = await addIntegration(h, "telegram", { id: 126, type: "group", name: "Ops" });
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.match(sent(telegram.requests[0]).text, /^\u{1F534} The check <a href="[^"]+">TEST<\/a> is <b>DOWN<\/b>\.\n/u);
  });

  it("reports Telegram's description, and disables the integration when the chat is gone for good", async () => {
    telegram.clear();
    answers.set(127, [refusal(400, "Bad Request: chat not found")]);
    const notFound = await alertDown(h, await addIntegration(h, "telegram", { id: 127 }));
    assert.equal(notFound.channel.last_error, 'Received status code 400 with a message: "Bad Request: chat not found"');
    assert.equal(notFound.channel.disabled, 0);

    for (const description of ["Forbidden: bot was blocked by the user", "Forbidden: the group chat was deleted", "Forbidden: user is deactivated", "Forbidden: bot was kicked from the group chat", "Forbidden: bot was kicked from the supergroup chat"]) {
      answers.set(128, [refusal(403, description)]);
      const gone = await alertDown(h, await addIntegration(h, "telegram", { id: 128 }));
      assert.equal(gone.channel.disabled, 1, description);
      assert.equal(gone.channel.last_error, `Received status code 403 with a message: "${description}"`);
    }

    answers.set(129, [refusal(403, "Forbidden: something else")]);
    assert.equal((await alertDown(h, await addIntegration(h, "telegram", { id: 129 }))).channel.disabled, 0);
  });

  it("reports an answer that is not Telegram's error shape by its status alone, and retries it", async () => {
    telegram.clear();
    answers.set(130, [{ status: 502, body: "<html>Bad Gateway</html>" }, refusal(429, "Too Many Requests: retry after 5", { retry_after: 5 })]);
    const { channel } = await alertDown(h, await addIntegration(h, "telegram", { id: 130 }));
    assert.equal(channel.last_error, "Received status code 502");
    h.clock.advanceSeconds(11);
    await runAlertCycle(h.deps);
    assert.equal((await channelRow(h, channel)).last_error, "Received status code 429");
    h.clock.advanceSeconds(61);
    await runAlertCycle(h.deps);
    assert.equal((await channelRow(h, channel)).last_error, "", "the third attempt went through");
    assert.equal(toChat(130).length, 3);
  });

  it("follows a group that became a supergroup to its new chat id", async () => {
    telegram.clear();
    answers.set(131, [refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", { migrate_to_chat_id: -1001234 })]);
    const ch = await addIntegration(h, "telegram", { id: 131, type: "group", name: "Ops", thread_id: null });
    const { channel } = await alertDown(h, ch);
    assert.deepEqual([...toChat(131), ...toChat(-1001234)].map((r) => sent(r).chat_id), [131, -1001234]);
    assert.equal(channel.last_error, "");
    assert.deepEqual(JSON.parse(channel.value), { id: -1001234, type: "group", name: "Ops", thread_id: null });
  });

  it("sends at most 6 messages a minute to one chat; the 7th alert is dropped, not retried", async () => {
    telegram.clear();
    const ch = await addIntegration(h, "telegram", { id: 132 });
    for (let i = 0; i < 6; i++) assert.equal((await alertDown(h, ch, { name: `burst ${i}` })).channel.last_error, "");
    const { channel } = await alertDown(h, ch, { name: "burst 6" });
    assert.equal(channel.last_error, "Rate limit exceeded");
    assert.equal(toChat(132).length, 6);
    h.clock.advanceSeconds(120);
    await runAlertCycle(h.deps);
    assert.equal(toChat(132).length, 6, "not retried");
    assert.equal((await alertDown(h, ch, { name: "later" })).channel.last_error, "", "the bucket refills");
  });
});

describe("setting Telegram up through the bot", () => {
  let h: Harness;
  let telegram: FakeService;
  let alice: WebClient;
  before(async () => {
    const fake = await startTelegram();
    telegram = fake.telegram;
    h = await startKindHarness(fake.env, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    await createCheckVia(h, { name: "One" });
    await createCheckVia(h, { name: "Two" });
  });
  after(async () => {
    await h.close();
    await telegram.close();
  });

  const bot = (payload: unknown) =>
    h.app.inject({ method: "POST", url: "/integrations/telegram/bot/", headers: { "content-type": "application/json" }, payload: typeof payload === "string" ? payload : JSON.stringify(payload) });
  const linkOf = (text: string) => /https:\/\/hc\.example\.org(\/integrations\/add_telegram\/\?\S+)\n$/.exec(text)![1];

  it("offers Telegram on the integrations page, with the steps naming the bot", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.match((await alice.get(base)).text, new RegExp(`href="${base}add/telegram/"`));
    const page = await alice.get(`${base}add/telegram/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<a href="https:\/\/t\.me\/BeaconAlertsBot">@BeaconAlertsBot<\/a>/);
    assert.match(page.text, /<code>\/start@BeaconAlertsBot<\/code>/);
  });

  it("answers /start in a group with a confirmation link; the link adds the integration to the chosen project", async () => {
    telegram.clear();
    const res = await bot({ update_id: 1, message: { message_id: 5, chat: { id: 123, title: "My Group", type: "group" }, text: "/start@BeaconAlertsBot", date: 1577836800 } });
    assert.equal(res.statusCode, 200);
    const invite = sent(telegram.requests[0]);
    assert.equal(invite.chat_id, 123);
    assert.equal(invite.message_thread_id, null);
    assert.equal(invite.parse_mode, "html");
    assert.match(invite.text, /^\n\nPlease open this link to complete the Mychecks integration:\n\nhttps:\/\/hc\.example\.org\/integrations\/add_telegram\/\?\S+\n$/);

    const link = linkOf(invite.text);
    const page = await alice.get(link);
    assert.equal(page.status, 200);
    assert.match(page.text, /will post to the Telegram group <strong>My Group<\/strong>/);
    assert.match(page.text, new RegExp(`<option value="${h.project.uuid}">Alices</option>`));
    const done = await alice.post(link, { project: h.project.uuid });
    assert.equal(done.status, 303);
    assert.equal(done.location, `/projects/${h.project.uuid}/integrations/`);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "telegram").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { id: 123, type: "group", name: "My Group", thread_id: null });
    const assigned = await h.deps.db.selectFrom("check_channels").selectAll().where("channel_id", "=", row.id).execute();
    assert.equal(assigned.length, 2, "assigned to every check");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "", kind: "telegram" }]);
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, /group My Group/);
  });

  it("remembers the topic of a forum group, and takes a channel's post like a message", async () => {
    telegram.clear();
    await bot({ message: { chat: { id: -100, title: "Forum", type: "supergroup" }, text: "/start", message_thread_id: 456 } });
    await bot({ channel_post: { chat: { id: -200, title: "Announcements", type: "channel" }, text: "/start" } });
    assert.deepEqual(telegram.requests.map((r) => [sent(r).chat_id, sent(r).message_thread_id]), [[-100, 456], [-200, null]]);
    const topic = linkOf(sent(telegram.requests[0]).text);
    await alice.get(topic);
    await alice.post(topic, { project: h.project.uuid });
    const row = await h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "telegram").orderBy("id", "desc").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { id: -100, type: "supergroup", name: "Forum", thread_id: 456 });
    assert.match((await alice.get(linkOf(sent(telegram.requests[1]).text))).text, /the Telegram channel <strong>Announcements<\/strong>/);
  });

  it("ignores updates it does not understand with a 200, so Telegram does not resend them, and refuses bad JSON", async () => {
    telegram.clear();
    assert.equal((await bot("")).statusCode, 400);
    assert.equal((await bot("{not json")).statusCode, 400);
    for (const update of [
      {},
      { message: { chat: { id: 123, type: "group" } } },
      { message: { chat: { id: 123, type: "invalid" }, text: "/start" } },
      { message: { chat: { id: "123", type: "group" }, text: "/start" } },
      { message: { chat: { id: 123, type: "group" }, text: "/start", message_thread_id: "not-integer" } },
      { message: { chat: { id: 123, type: "group" }, text: "hello" } },
      [1, 2],
    ]) {
      assert.equal((await bot(update)).statusCode, 200, JSON.stringify(update));
    }
    assert.equal(telegram.requests.length, 0);
  });

  it("still answers 200 when the bot cannot reply", async () => {
    telegram.clear();
    telegram.replies.push(refusal(403, "Forbidden: bot was kicked from the group chat"));
    assert.equal((await bot({ message: { chat: { id: 9, type: "group", title: "G" }, text: "/start" } })).statusCode, 200);
    assert.equal(telegram.requests.length, 1);
  });

  it("shows Incorrect Link for a forged or expired link, and asks a visitor to sign in first", async () => {
    telegram.clear();
    assert.match((await alice.get("/integrations/add_telegram/?eyJpZCI6MX0.abc.forged")).text, /Incorrect Link/);
    await bot({ message: { chat: { id: 77, type: "private", username: "bob" }, text: "/start" } });
    const link = linkOf(sent(telegram.requests[0]).text);
    const visitor = new WebClient(h.app);
    const login = await visitor.get(link);
    assert.equal(login.status, 303);
    assert.equal(login.location, `/accounts/login/?next=${encodeURIComponent(link).replace(/%2F/g, "/")}`);
    h.clock.advanceSeconds(601);
    assert.match((await alice.get(link)).text, /Incorrect Link/);
  });

  it("refuses a project the account may only read, or cannot see", async () => {
    telegram.clear();
    await bot({ message: { chat: { id: 78, type: "private", username: "carol" }, text: "/start" } });
    const link = linkOf(sent(telegram.requests[0]).text);
    const carol = await signedUp(h, "carol@example.org");
    await carol.get(link);
    assert.equal((await carol.post(link, { project: h.project.uuid })).status, 404);
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "carol@example.org", role: "ro" });
    await carol.get(link);
    assert.equal((await carol.post(link, { project: h.project.uuid })).status, 403);
    assert.equal((await carol.post(link, { project: "not-a-uuid" })).status, 400);
  });

  it("points the bot's webhook at this server with `settelegramwebhook`", async () => {
    telegram.clear();
    telegram.replies.push({ status: 200, body: { ok: true, result: true, description: "Webhook was set" } });
    assert.deepEqual(await setTelegramWebhook(h.deps.config), { ok: true, message: "Done, Telegram's webhook set to: https://hc.example.org/integrations/telegram/bot/" });
    assert.equal(telegram.requests[0].url, `/bot${TOKEN}/setWebhook`);
    assert.deepEqual(telegram.requests[0].json(), { url: "https://hc.example.org/integrations/telegram/bot/", allowed_updates: ["message", "channel_post"] });
    telegram.replies.push({ status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } });
    assert.deepEqual(await setTelegramWebhook(h.deps.config), { ok: false, message: 'Fail: status=401, {"ok":false,"error_code":401,"description":"Unauthorized"}' });
  });
});

describe("Telegram without its settings", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startKindHarness({ MONITOR_TELEGRAM_BOT_NAME: "BeaconAlertsBot" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/telegram\//);
    assert.equal((await alice.get(`${base}add/telegram/`)).status, 404);
    assert.equal((await alice.get("/integrations/add_telegram/")).status, 404);
    const res = await h.app.inject({ method: "POST", url: "/integrations/telegram/bot/", payload: "{}" });
    assert.equal(res.statusCode, 404);
    assert.equal(unavailableReason(kindOf("telegram")!, h.deps.config), "Telegram integrations are off on this server: set MONITOR_TELEGRAM_TOKEN.");
    assert.equal(unavailableReason(kindOf("telegram")!, loadMonitorConfig({}, {})), "Telegram integrations are off on this server: set MONITOR_TELEGRAM_BOT_NAME and MONITOR_TELEGRAM_TOKEN.");
    assert.deepEqual(await setTelegramWebhook(h.deps.config), { ok: false, message: "Abort: MONITOR_TELEGRAM_TOKEN is not set" });
  });

  it("fails an alert to an existing integration with a clear error", async () => {
    const { channel } = await alertDown(h, await addIntegration(h, "telegram", { id: 1 }));
    assert.equal(channel.last_error, "Telegram notifications are not enabled.");
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("telegram", '{"id": 123, "type": "group", "name": "Ops"}'), { value: '{"id":123,"type":"group","name":"Ops","thread_id":null}' });
    assert.deepEqual(integrationValue("telegram", '{"id": "123"}'), { error: "id must be the chat's id, a whole number" });
    assert.deepEqual(integrationValue("telegram", "123"), { error: "--value must be a JSON object" });
  });
});
