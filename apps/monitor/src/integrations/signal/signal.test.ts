// Signal against a fake signal-cli daemon: a local JSON-RPC socket (TCP and UNIX), reading
// one newline-terminated request per connection and answering as signal-cli does.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { extractSignalStyles } from "./transport.js";

interface FakeSignalCli {
  address: string;
  requests: any[];
  /** Lines to answer the next request with, given its id (default: success). */
  answers: ((id: string) => string[])[];
  close(): Promise<void>;
}

async function startSignalCli(listen: { port: 0; host: "127.0.0.1" } | { path: string }): Promise<FakeSignalCli> {
  const fake: FakeSignalCli = { address: "", requests: [], answers: [], close: async () => {} };
  const server: Server = createServer((socket) => {
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("utf8");
      if (!data.endsWith("\n")) return;
      const request = JSON.parse(data);
      fake.requests.push(request);
      const answer = fake.answers.shift() ?? ((id: string) => [JSON.stringify({ jsonrpc: "2.0", result: { timestamp: 1 }, id })]);
      // A notification of another call first, as the daemon interleaves them.
      socket.end([JSON.stringify({ jsonrpc: "2.0", method: "receive", params: {} }), ...answer(request.id)].join("\n") + "\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(listen, resolve));
  const addr = server.address();
  fake.address = typeof addr === "string" ? addr : `127.0.0.1:${addr!.port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

const failure = (code: number, results: unknown[] = []) => (id: string) => [JSON.stringify({ jsonrpc: "2.0", error: { code, message: "Failed to send message", data: { response: { timestamp: 1, results } } }, id })];

describe("Signal integrations", () => {
  let h: Harness;
  let cli: FakeSignalCli;
  let alice: WebClient;
  before(async () => {
    cli = await startSignalCli({ port: 0, host: "127.0.0.1" });
    h = await startKindHarness({ MONITOR_SIGNAL_CLI_SOCKET: cli.address });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await cli.close();
  });

  it("is added through the dashboard form with the recipient cleaned up, and the API lists it", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/signal/`;
    assert.match((await alice.get(add)).text, /Phone number or username/);
    const cases: [Record<string, string>, RegExp][] = [
      [{ recipient: "+1 23", down: "on" }, /Invalid phone number format\./],
      [{ recipient: "al.x", down: "on" }, /Invalid username format\./],
      [{ recipient: "+1 555 123-4567" }, /Notify: please select at least one\./],
    ];
    for (const [fields, message] of cases) {
      const res = await alice.post(add, { name: "", ...fields });
      assert.equal(res.status, 400);
      assert.match(res.text, message);
    }
    assert.equal((await alice.post(add, { name: "Phone", recipient: "+1 555 123-4567", down: "on" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Phone").executeTakeFirstOrThrow();
    assert.equal(row.value, '{"value":"+15551234567","up":false,"down":true}');
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: { id: string; kind: string }) => c.id === row.uuid && c.kind === "signal"));
  });

  it("sends a JSON-RPC send request with the plain message and its bold and monospace styles", async () => {
    cli.requests.length = 0;
    const ch = await addIntegration(h, "signal", { value: "+15551234567", up: true, down: true });
    await alertDown(h, ch, { name: "Foo & Co", tags: "a&b", schedule: "*/5 * * * *", tz: "Europe/Riga" });
    const [req] = cli.requests;
    assert.equal(req.jsonrpc, "2.0");
    assert.equal(req.method, "send");
    assert.match(req.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(req.params.recipient, ["+15551234567"]);
    assert.equal(
      req.params.message,
      "The check Foo & Co is DOWN (received a failure signal).\n\nProject: Alices\nTags: a&b\nSchedule: */5 * * * *\nTime Zone: Europe/Riga\nTotal Pings: 1\nLast Ping: Failure, now",
    );
    assert.deepEqual(req.params.textStyle.slice(0, 4), ["10:8:BOLD", "22:4:BOLD", "57:8:BOLD", "73:5:BOLD"]);
    assert.ok(req.params.textStyle.includes("93:11:MONOSPACE"));
  });

  it("addresses usernames with u:, says when a check is up again, and skips a direction that is off", async () => {
    cli.requests.length = 0;
    await alertDownThenUp(h, await addIntegration(h, "signal", { value: "alice.01", up: true, down: false }), { name: "Nightly" }, 5400);
    assert.equal(cli.requests.length, 1);
    assert.deepEqual(cli.requests[0].params.recipient, ["u:alice.01"]);
    assert.match(cli.requests[0].params.message, /^The check Nightly is now UP\. The downtime lasted 1 hour, 30 minutes\.\n\n/);
  });

  it("sends a test notification", async () => {
    cli.requests.length = 0;
    assert.deepEqual(await sendTest(h, await addIntegration(h, "signal", { value: "+15551234567", up: true, down: true })), { kind: "sent" });
    assert.match(cli.requests[0].params.message, /^The check TEST is DOWN\./);
  });

  it("disables the integration for an unregistered recipient and reports other failures as upstream", async () => {
    cli.answers.push(failure(-1, [{ recipientAddress: { number: "+15550000000" }, type: "UNREGISTERED_FAILURE" }]));
    const gone = await alertDown(h, await addIntegration(h, "signal", { value: "+15550000000", up: true, down: true }));
    assert.equal(gone.channel.last_error, "Recipient not found");
    assert.equal(gone.channel.disabled, 1);

    cli.answers.push(failure(-1, [{ type: "RATE_LIMIT_FAILURE", token: "captcha-token" }]));
    const limited = await alertDown(h, await addIntegration(h, "signal", { value: "+15550000001", up: true, down: true }));
    assert.equal(limited.channel.last_error, "CAPTCHA proof required");
    assert.equal(limited.channel.disabled, 0);

    cli.answers.push(failure(-32602));
    assert.equal((await alertDown(h, await addIntegration(h, "signal", { value: "+15550000002", up: true, down: true }))).channel.last_error, "signal-cli call failed (-32602)");

    cli.answers.push(() => ["not json"]);
    assert.equal((await alertDown(h, await addIntegration(h, "signal", { value: "+15550000003", up: true, down: true }))).channel.last_error, "signal-cli call failed (unexpected response)");

    cli.answers.push(() => []);
    assert.equal((await alertDown(h, await addIntegration(h, "signal", { value: "+15550000004", up: true, down: true }))).channel.last_error, "signal-cli call failed (unexpected response)");
  });

  it("allows six messages a minute to one recipient and drops the rest", async () => {
    cli.requests.length = 0;
    const ch = await addIntegration(h, "signal", { value: "+15559999999", up: true, down: true });
    for (let i = 0; i < 6; i++) assert.equal((await alertDown(h, ch)).channel.last_error, "");
    assert.equal((await alertDown(h, ch)).channel.last_error, "Rate limit exceeded");
    assert.equal(cli.requests.length, 6);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("signal", "+1 555 123 4567"), { value: '{"value":"+15551234567","up":true,"down":true}' });
    assert.deepEqual(integrationValue("signal", '{"value": "bob.42", "up": false, "down": true}'), { value: '{"value":"bob.42","up":false,"down":true}' });
    assert.deepEqual(integrationValue("signal", "12345"), { error: "value: Invalid phone number format." });
    assert.deepEqual(integrationValue("signal", '{"value": "+15551234567", "up": false, "down": false}'), { error: "up and down cannot both be false" });
  });

  it("turns <b> and <code> into Signal's text styles, counting code points", () => {
    assert.deepEqual(extractSignalStyles("<b>foo</b> bar"), { text: "foo bar", styles: ["0:3:BOLD"] });
    assert.deepEqual(extractSignalStyles("\u{1F534} <b>a &amp; b</b> <code>x</code>"), { text: "\u{1F534} a & b x", styles: ["2:5:BOLD", "8:1:MONOSPACE"] });
  });
});

describe("Signal through a UNIX socket, and without one", () => {
  let dir: string;
  let cli: FakeSignalCli;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-signal-"));
    cli = await startSignalCli({ path: join(dir, "signal-cli.sock") });
  });
  after(async () => {
    await cli.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("talks to a socket path, and reports a missing one as Python would", async () => {
    const h = await startKindHarness({ MONITOR_SIGNAL_CLI_SOCKET: cli.address });
    try {
      assert.equal((await alertDown(h, await addIntegration(h, "signal", { value: "+15551234567", up: true, down: true }))).channel.last_error, "");
      assert.equal(cli.requests.length, 1);
    } finally {
      await h.close();
    }
    const missing = await startKindHarness({ MONITOR_SIGNAL_CLI_SOCKET: join(dir, "nope.sock") });
    try {
      const { channel } = await alertDown(missing, await addIntegration(missing, "signal", { value: "+15551234567", up: true, down: true }));
      assert.equal(channel.last_error, "signal-cli call failed ([Errno 2] No such file or directory)");
    } finally {
      await missing.close();
    }
  });

  it("is not offered without a socket, and create-integration says what to set", async () => {
    const h = await startKindHarness();
    try {
      const alice = await signedUp(h, "alice@example.org");
      assert.doesNotMatch((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, /add\/signal\//);
      assert.equal((await alice.get(`/projects/${h.project.uuid}/integrations/add/signal/`)).status, 404);
      assert.equal(unavailableReason(kindOf("signal")!, h.deps.config), "Signal integrations are off on this server: set MONITOR_SIGNAL_CLI_SOCKET.");
    } finally {
      await h.close();
    }
  });
});
