// Apprise against a stand-in for the apprise command: a script that records its arguments
// and standard input and exits as told.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

describe("Apprise integrations", () => {
  let h: Harness;
  let dir: string;
  let alice: WebClient;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-apprise-"));
    const script = join(dir, "apprise");
    writeFileSync(script, `#!/bin/sh\nn=$(ls "${dir}" | grep -c '[.]args$')\nprintf '%s\\n' "$@" > "${dir}/run$n.args"\ncat > "${dir}/run$n.stdin"\nexit $(cat "${dir}/exit" 2>/dev/null || echo 0)\n`);
    chmodSync(script, 0o755);
    h = await startKindHarness({ MONITOR_APPRISE_ENABLED: "true", MONITOR_APPRISE_COMMAND: script });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the command was run with, in order. */
  function runs(): { args: string[]; stdin: string }[] {
    const out = [];
    for (let n = 0; existsSync(join(dir, `run${n}.args`)); n++) {
      out.push({ args: readFileSync(join(dir, `run${n}.args`), "utf8").replace(/\n$/, "").split("\n"), stdin: readFileSync(join(dir, `run${n}.stdin`), "utf8") });
    }
    return out;
  }
  function clear() {
    for (const f of ["exit", ...runs().flatMap((_, n) => [`run${n}.args`, `run${n}.stdin`])]) rmSync(join(dir, f), { force: true });
  }

  it("is added through the dashboard form, and the API lists it", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/apprise/`;
    assert.match((await alice.get(add)).text, /Apprise URL/);
    assert.match((await alice.post(add, { name: "", url: "" })).text, /Apprise URL: this field is required\./);
    const long = await alice.post(add, { name: "", url: `json://${"x".repeat(510)}` });
    assert.equal(long.status, 400);
    assert.match(long.text, /Apprise URL: ensure this value has at most 512 characters\./);
    assert.equal((await alice.post(add, { name: "Team", url: "tgram://bot/chat, mailto://u:p@example.org" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Team").executeTakeFirstOrThrow();
    assert.equal(row.value, "tgram://bot/chat, mailto://u:p@example.org");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: { id: string; kind: string }) => c.id === row.uuid && c.kind === "apprise"));
  });

  it("runs apprise with the title, a failure type and the URLs, and the reason on standard input", async () => {
    clear();
    const { channel } = await alertDown(h, await addIntegration(h, "apprise", "-json://hook.example.org,tgram://bot/chat"), { name: "Backups" });
    assert.equal(channel.last_error, "");
    assert.deepEqual(runs(), [{ args: ["--title", "Backups is DOWN", "--notification-type", "failure", "--", "-json://hook.example.org,tgram://bot/chat"], stdin: "Reason: received a failure signal." }]);
  });

  it("says when a check is up again with a success type and the downtime, and sends a test notification", async () => {
    clear();
    const ch = await addIntegration(h, "apprise", "json://hook.example.org");
    await alertDownThenUp(h, ch, { name: "Nightly" }, 5400);
    const [, up] = runs();
    assert.deepEqual(up.args.slice(0, 4), ["--title", "Nightly is UP", "--notification-type", "success"]);
    assert.equal(up.stdin, "The downtime lasted 1 hour, 30 minutes.");
    clear();
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.deepEqual(runs(), [{ args: ["--title", "TEST is DOWN", "--notification-type", "failure", "--", "json://hook.example.org"], stdin: "" }]);
  });

  it("reports a failed run as upstream does", async () => {
    clear();
    writeFileSync(join(dir, "exit"), "1");
    const { channel } = await alertDown(h, await addIntegration(h, "apprise", "json://hook.example.org"));
    assert.equal(channel.last_error, "Failed");
    assert.equal(channel.disabled, 0);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("apprise", " json://a.example.org "), { value: "json://a.example.org" });
    assert.deepEqual(integrationValue("apprise", `json://${"x".repeat(510)}`), { error: "--value must be at most 512 characters" });
  });
});

describe("Apprise off, or not installed", () => {
  it("is not offered while off, and create-integration says what to set", async () => {
    const h = await startKindHarness();
    try {
      const alice = await signedUp(h, "alice@example.org");
      assert.doesNotMatch((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, /add\/apprise\//);
      assert.equal((await alice.get(`/projects/${h.project.uuid}/integrations/add/apprise/`)).status, 404);
      assert.equal(unavailableReason(kindOf("apprise")!, h.deps.config), "Apprise integrations are off on this server: set MONITOR_APPRISE_ENABLED=true.");
      assert.equal((await alertDown(h, await addIntegration(h, "apprise", "json://a.example.org"))).channel.last_error, "Apprise is disabled and/or not installed");
    } finally {
      await h.close();
    }
  });

  it("says so when the command is not installed", async () => {
    const h = await startKindHarness({ MONITOR_APPRISE_ENABLED: "true", MONITOR_APPRISE_COMMAND: "/nonexistent/apprise" });
    try {
      assert.equal((await alertDown(h, await addIntegration(h, "apprise", "json://a.example.org"))).channel.last_error, "Apprise is disabled and/or not installed");
    } finally {
      await h.close();
    }
  });
});
