// Outgoing webhook bots (bot_type 3) against a local HTTP server acting as the bot: Zulip's
// payload when the bot is mentioned or messaged, its answer posted back as the bot's reply,
// retries, and the failure notices of zerver/lib/outgoing_webhook.py.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { once } from "node:events";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { OutgoingWebhookWorker } from "../../src/workers/outgoing-webhooks.js";

// Ports of their own per run (9550-9599 belong to this work).
const PORT = 9570 + (process.pid % 10) * 2;
const DEAD_PORT = PORT + 1;

interface Received {
  contentType: string;
  body: string;
}

describe("outgoing webhook bots", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let server: Server;
  let worker: OutgoingWebhookWorker;
  const received: Received[] = [];
  let answer: (req: IncomingMessage) => { status: number; body: string } = () => ({ status: 200, body: "{}" });

  const createBot = async (shortName: string, params: Record<string, unknown>) => {
    const res = await t.call(owner, "POST", "/bots", { full_name: `${shortName} bot`, short_name: shortName, bot_type: 3, ...params });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { id: res.body.user_id as number, email: `${shortName}-bot@${owner.host}` };
  };
  const lastMessages = async (who: Account, narrow: unknown[], count = 5) => {
    const res = await t.call(who, "GET", "/messages", { anchor: "newest", num_before: count, num_after: 0, narrow, apply_markdown: false });
    return res.body.messages as any[];
  };

  before(async () => {
    t = await chatTest({ config: { externalContentAllowedHosts: ["127.0.0.1"] } });
    owner = await t.realm();
    member = await t.user(owner, { name: "Mia" });
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ contentType: String(req.headers["content-type"]), body });
        const out = answer(req);
        res.writeHead(out.status, { "content-type": "application/json" }).end(out.body);
      });
    });
    server.listen(PORT, "127.0.0.1");
    await once(server, "listening");
    worker = new OutgoingWebhookWorker(t.deps, { retryMs: 0, timeoutMs: 2000 });
  });
  beforeEach(() => {
    received.length = 0;
    answer = () => ({ status: 200, body: "{}" });
  });
  after(async () => {
    server.close();
    await t.close();
  });

  it("creates an outgoing webhook bot with its service, and checks its URL and interface", async () => {
    const bot = await createBot("echo", { payload_url: JSON.stringify(`http://127.0.0.1:${PORT}/bot`), interface_type: 1 });
    const listed = (await t.call(owner, "GET", "/bots")).body.bots.find((b: any) => b.user_id === bot.id);
    assert.equal(listed.bot_type, 3);
    assert.equal(listed.services.length, 1);
    assert.deepEqual({ ...listed.services[0], token: typeof listed.services[0].token }, { base_url: `http://127.0.0.1:${PORT}/bot`, interface: 1, token: "string" });
    const registered = await t.call(owner, "POST", "/register", { fetch_event_types: JSON.stringify(["realm_bot"]) });
    assert.deepEqual(registered.body.realm_bots.find((b: any) => b.user_id === bot.id).services, listed.services);
    assert.deepEqual((await t.call(owner, "POST", "/bots", { full_name: "B", short_name: "b1", bot_type: 3, payload_url: "not a url" })).body, badRequest("payload_url is not a URL"));
    assert.deepEqual((await t.call(owner, "POST", "/bots", { full_name: "B", short_name: "b2", bot_type: 3, payload_url: "http://127.0.0.1/", interface_type: 7 })).body, badRequest("Invalid interface type"));
  });

  it("posts Zulip's payload when mentioned in a channel and sends the answer back in the topic", async () => {
    const bot = await createBot("pong", { payload_url: `http://127.0.0.1:${PORT}/pong` });
    await t.call(owner, "POST", "/channels/create", { name: "bots", subscribers: [owner.id, member.id, bot.id] });
    answer = () => ({ status: 200, body: JSON.stringify({ content: "pong!" }) });
    const sent = await t.call(member, "POST", "/messages", { type: "stream", to: "bots", topic: "ping", content: "@**pong bot** ping" });
    assert.equal(sent.status, 200);
    assert.equal(received.length, 0, "the call is made off the request's path");
    assert.equal(await worker.runOnce(), 1);
    assert.equal(received.length, 1);
    assert.equal(received[0].contentType, "application/json");
    const payload = JSON.parse(received[0].body);
    const services = (await t.call(owner, "GET", "/bots")).body.bots.find((b: any) => b.user_id === bot.id).services;
    assert.deepEqual(Object.keys(payload).sort(), ["bot_email", "bot_full_name", "data", "message", "token", "trigger"]);
    assert.deepEqual([payload.bot_email, payload.bot_full_name, payload.data, payload.token, payload.trigger], [bot.email, "pong bot", "@**pong bot** ping", services[0].token, "mention"]);
    assert.equal(payload.message.id, sent.body.id);
    assert.equal(payload.message.content, "@**pong bot** ping");
    assert.match(payload.message.rendered_content, /user-mention/);
    assert.deepEqual([payload.message.type, payload.message.display_recipient, payload.message.subject, payload.message.sender_id], ["stream", "bots", "ping", member.id]);
    const [reply] = (await lastMessages(member, [{ operator: "channel", operand: "bots" }, { operator: "topic", operand: "ping" }], 1));
    assert.deepEqual([reply.sender_id, reply.content], [bot.id, "pong!"]);
    // The bot's own reply triggers nothing (Zulip: no service events for messages by bots).
    assert.equal(await worker.runOnce(), 0);
  });

  it("is not triggered by a channel message that does not mention it", async () => {
    await t.call(member, "POST", "/messages", { type: "stream", to: "bots", topic: "ping", content: "no mention here" });
    assert.equal(await worker.runOnce(), 0);
    assert.equal(received.length, 0);
  });

  it("is triggered by a direct message, and sends nothing when no response is required", async () => {
    const bot = await createBot("quiet", { payload_url: `http://127.0.0.1:${PORT}/quiet` });
    answer = () => ({ status: 200, body: JSON.stringify({ response_not_required: true }) });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "hello bot" });
    assert.equal(await worker.runOnce(), 1);
    assert.equal(JSON.parse(received[0].body).trigger, "direct_message");
    const [last] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(last.content, "hello bot");
    // A reply to a direct message goes to the same conversation.
    answer = () => ({ status: 200, body: JSON.stringify({ content: "hi Mia" }) });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "again" });
    await worker.runOnce();
    const [reply] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.deepEqual([reply.sender_id, reply.content], [bot.id, "hi Mia"]);
  });

  it("retries a 5xx answer three times, then says 'Failure! Third party responded with 500' and tells the bot's owner", async () => {
    const bot = await createBot("broken", { payload_url: `http://127.0.0.1:${PORT}/broken` });
    answer = () => ({ status: 500, body: "oops" });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "hello?" });
    await worker.runOnce();
    assert.equal(received.length, 4, "tried once and retried three times, as Zulip retries a timeout");
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.deepEqual([failure.sender_id, failure.content], [bot.id, "Failure! Third party responded with 500"]);
    const [notice] = await lastMessages(owner, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(notice.sender_id, bot.id);
    assert.match(notice.content, /^\[A message\]\(http.*\/near\/\d+\) to your bot @_\*\*broken bot\*\* triggered an outgoing webhook\.\nThe webhook got a response with status code \*500\*\.\nThe response contains the following payload:\n```\nb'oops'\n```$/);
  });

  it("delivers exactly once to a bot server that answers 503, 429 and 502 before it recovers", async () => {
    const bot = await createBot("restarting", { payload_url: `http://127.0.0.1:${PORT}/restarting` });
    const statuses = [503, 429, 502];
    answer = () => {
      const status = statuses.shift();
      return status ? { status, body: "later" } : { status: 200, body: JSON.stringify({ content: "back again" }) };
    };
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "are you there?" });
    await worker.runOnce();
    await worker.runOnce();
    assert.equal(received.length, 4);
    const replies = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 3);
    assert.deepEqual(replies.map((m) => m.content), ["are you there?", "back again"], "one reply and no failure notice");
  });

  it("waits longer before each retry: 5 s, 15 s, 45 s", async () => {
    const bot = await createBot("sleepy", { payload_url: `http://127.0.0.1:${PORT}/sleepy` });
    answer = () => ({ status: 503, body: "later" });
    const paced = new OutgoingWebhookWorker(t.deps, { timeoutMs: 2000 });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "slowly" });
    await paced.runOnce();
    for (const [pause, tries] of [[5_000, 2], [15_000, 3], [45_000, 4]] as const) {
      t.clock.advance(pause - 1);
      await paced.runOnce();
      assert.equal(received.length, tries - 1, `not before ${pause} ms`);
      t.clock.advance(1);
      await paced.runOnce();
      assert.equal(received.length, tries);
    }
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(failure.content, "Failure! Third party responded with 503");
  });

  it("does not retry a 4xx answer other than 408 and 429", async () => {
    const bot = await createBot("lost", { payload_url: `http://127.0.0.1:${PORT}/lost` });
    answer = () => ({ status: 404, body: "no such hook" });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "where?" });
    await worker.runOnce();
    assert.equal(received.length, 1);
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(failure.content, "Failure! Third party responded with 404");
  });

  it("says 'Failure! Invalid JSON in response' for an answer that is not JSON", async () => {
    const bot = await createBot("garbled", { payload_url: `http://127.0.0.1:${PORT}/garbled` });
    answer = () => ({ status: 200, body: "not json" });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "hm" });
    await worker.runOnce();
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(failure.content, "Failure! Invalid JSON in response");
    const [notice] = await lastMessages(owner, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.match(notice.content, /\nThe outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> Invalid JSON in response\nThe response contains the following payload:\n```\n'not json'\n```$/);
  });

  it("retries an unreachable bot three times, then says 'Failure! Bot is unavailable'", async () => {
    const bot = await createBot("gone", { payload_url: `http://127.0.0.1:${DEAD_PORT}/` });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "anyone?" });
    assert.equal(await worker.runOnce(), 4);
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.deepEqual([failure.sender_id, failure.content], [bot.id, "Failure! Bot is unavailable"]);
    const [notice] = await lastMessages(owner, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.match(notice.content, /triggered an outgoing webhook\.\nA connection error occurred\. Is my bot server down\?$/);
  });

  it("refuses a private address not allowed by configuration, as Zulip's proxy does (407)", async () => {
    const bot = await createBot("inside", { payload_url: "http://10.255.255.1:9/" });
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "hello inside" });
    await worker.runOnce();
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(failure.content, "Failure! Third party responded with 407");
    const [notice] = await lastMessages(owner, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.match(notice.content, /\nThe URL configured for the webhook is for a private or disallowed network\.$/);
  });

  it("speaks the Slack-compatible format, which serves channel messages only", async () => {
    const bot = await createBot("slacky", { payload_url: `http://127.0.0.1:${PORT}/slack`, interface_type: 2 });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name: "bots" }]), principals: JSON.stringify([bot.id]) });
    answer = () => ({ status: 200, body: JSON.stringify({ text: "from slack" }) });
    await t.call(member, "POST", "/messages", { type: "stream", to: "bots", topic: "slack", content: "@**slacky bot** hi" });
    await worker.runOnce();
    assert.equal(received[0].contentType, "application/x-www-form-urlencoded");
    const form = new URLSearchParams(received[0].body);
    assert.deepEqual([form.get("text"), form.get("trigger_word"), form.get("channel_name"), form.get("user_id"), form.get("service_id")], ["@**slacky bot** hi", "mention", "bots", String(member.id), String(bot.id)]);
    const [reply] = await lastMessages(member, [{ operator: "channel", operand: "bots" }, { operator: "topic", operand: "slack" }], 1);
    assert.deepEqual([reply.sender_id, reply.content], [bot.id, "from slack"]);
    await t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([bot.id]), content: "dm" });
    await worker.runOnce();
    const [failure] = await lastMessages(member, [{ operator: "dm", operand: [bot.id] }], 1);
    assert.equal(failure.content, "Failure! Slack outgoing webhooks don't support private messages.");
  });
});
