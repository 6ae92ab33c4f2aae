import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { fillPlaceholders, shellQuote } from "./transport.js";

describe("Shell Command integrations", () => {
  let h: Harness;
  let alice: WebClient;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "beacon-shell-"));
    h = await startKindHarness({ MONITOR_SHELL_ENABLED: "true" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A command that writes one line per argument to `file`, so the test sees what the shell got. */
  const writeArgs = (file: string, args: string) => `printf '%s\\n' ${args} >> ${join(dir, file)}`;
  const lines = async (file: string) => (await readFile(join(dir, file), "utf8")).split("\n").slice(0, -1);

  it("runs the down command, then the up command, with the placeholders filled in and quoted", async () => {
    const ch = await addIntegration(h, "shell", { cmd_down: writeArgs("a.txt", "$STATUS $NAME $CODE $NOW $TAGS $TAG1 $TAG2 $TAG3"), cmd_up: writeArgs("a.txt", "$STATUS $NAME") });
    const { check, channel } = await alertDownThenUp(h, ch, { name: "It's a $NAME & more", tags: "prod d'b" });
    assert.equal(channel.last_error, "");
    const got = await lines("a.txt");
    assert.equal(got[0], "down");
    assert.equal(got[1], "It's a $NAME & more", "one quoted word; the $ in the name is not a placeholder");
    assert.equal(got[2], check.uuid);
    assert.match(got[3], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    assert.deepEqual(got.slice(4), ["prod d'b", "prod", "d'b", "up", "It's a $NAME & more"], "$TAG3 of two tags is left to the shell, which expands it to nothing");
  });

  it("records a failing command's status as the upstream does, and stays enabled", async () => {
    const { channel } = await alertDown(h, await addIntegration(h, "shell", { cmd_down: "exit 3", cmd_up: "" }));
    assert.equal(channel.last_error, "Command returned exit code 768");
    assert.equal(channel.disabled, 0);
  });

  it("runs nothing for a direction without a command", async () => {
    const ch = await addIntegration(h, "shell", { cmd_down: "", cmd_up: writeArgs("b.txt", "$STATUS") });
    await alertDown(h, ch);
    await assert.rejects(readFile(join(dir, "b.txt")), { code: "ENOENT" });
    assert.deepEqual(await sendTest(h, ch), { kind: "noop" });
  });

  it("runs the down command for a test notification", async () => {
    const ch = await addIntegration(h, "shell", { cmd_down: writeArgs("c.txt", "$NAME $STATUS"), cmd_up: "" });
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.deepEqual(await lines("c.txt"), ["TEST", "down"]);
  });

  it("quotes as Python's shlex.quote and replaces only placeholders written in the template", () => {
    assert.equal(shellQuote(""), "''");
    assert.equal(shellQuote("a-b_c/d.e:f@g%h+i=j,k"), "a-b_c/d.e:f@g%h+i=j,k");
    assert.equal(shellQuote("a&b"), "'a&b'");
    assert.equal(shellQuote("a'b"), `'a'"'"'b'`);
    assert.equal(shellQuote("\u00e9"), "'\u00e9'");
    assert.equal(fillPlaceholders("Hello $FOO", [["$FOO", "$BAR"], ["$BAR", "World"]]), "Hello $BAR");
    assert.equal(fillPlaceholders("Hello $$FOO", [["$FOO", "BAR"], ["$BAR", "World"]]), "Hello $BAR");
    assert.equal(fillPlaceholders("$TAG10", [["$TAG1", "x"]]), "x0");
  });

  it("is added through the dashboard's form with a command per direction", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/shell/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.ok((await alice.post(add, { name: "", cmd_down: "x".repeat(1001), cmd_up: "" })).text.includes("Ensure this value has at most 1000 characters (it has 1001)."));
    assert.equal((await alice.post(add, { name: "Logger", cmd_down: "", cmd_up: " logger up " })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Logger").executeTakeFirstOrThrow();
    assert.equal(row.value, '{"cmd_down":"","cmd_up":"logger up"}');
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "shell"));
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("shell", '{"cmd_down": "logger down"}'), { value: '{"cmd_down":"logger down","cmd_up":""}' });
    assert.deepEqual(integrationValue("shell", '{"cmd_down": 5}'), { error: "cmd_down must be a string" });
    assert.deepEqual(integrationValue("shell", "logger down"), { error: "--value must be JSON for this kind" });
  });
});

describe("Shell Command integrations off (the default)", () => {
  let h: Harness;
  let alice: WebClient;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "beacon-shell-"));
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("is not offered, and runs nothing, failing with the upstream's message", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/shell\//);
    assert.equal((await alice.get(`${base}add/shell/`)).status, 404);
    assert.equal(unavailableReason(kindOf("shell")!, h.deps.config), "Shell Command integrations are off on this server: set MONITOR_SHELL_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "shell", { cmd_down: `touch ${join(dir, "ran")}`, cmd_up: "" }));
    assert.equal(channel.last_error, "Shell commands are not enabled");
    await assert.rejects(readFile(join(dir, "ran")), { code: "ENOENT" });
  });
});
