// A check's log on the dashboard: ping details with the full body, body downloads, the log
// page's filters, alerts in the log, and the body preview cut on a character boundary.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIntegration } from "../../src/actions/integrations.js";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { checkRow, createCheckVia, ping, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("a check's log", () => {
  let h: Harness;
  let alice: WebClient;
  let bob: WebClient;
  let uuid: string;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    bob = await signedUp(h, "bob@example.org");
    await createIntegration(h.deps, h.project, { kind: "webhook", name: "Hook", value: JSON.stringify({ method_down: "GET", url_down: "http://127.0.0.1:9/down", body_down: "", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} }) });
    uuid = (await createCheckVia(h, { name: "Nightly backup", timeout: 3600, grace: 60, channels: "*" })).uuid;
    await ping(h, uuid, { action: "start", rid: "r1" });
    h.clock.advanceSeconds(42);
    // 299 ASCII bytes, then "é" (2 bytes) across the 300-byte cut, then more.
    await ping(h, uuid, { rid: "r1", method: "POST", body: Buffer.from(`${"a".repeat(299)}é${"z".repeat(20_000)}`), ua: "curl/8.5.0" });
    h.clock.advanceSeconds(60);
    await ping(h, uuid, { action: "log", body: Buffer.from("just a note") });
    h.clock.advanceSeconds(3600 + 61);
    await runAlertCycle(h.deps);
  });
  after(() => h.close());

  it("cuts the body preview at 300 bytes on a character boundary", async () => {
    const page = await alice.get(`/checks/${uuid}/details/`);
    assert.match(page.text, new RegExp(`<pre class="body">${"a".repeat(299)}…</pre>`));
    assert.doesNotMatch(page.text, /\uFFFD/);
  });

  it("shows the alerts sent, the status changes and the pings, newest first, with a link to the full log", async () => {
    const page = await alice.get(`/checks/${uuid}/details/`);
    const order = [...page.text.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1]);
    assert.deepEqual(order, ["notification", "flip", "log", "success", "flip", "start"]);
    assert.match(page.text, /Could not send a “down” alert to <strong>Hook<\/strong> <span class="muted">\(Webhook\)<\/span><div class="error-text small">Connections to private IP addresses are not allowed/);
    assert.match(page.text, /href="\/checks\/[0-9a-f-]+\/log\/">Full log</);
    assert.match(page.text, /<time datetime="2020-01-01T00:00:42.000Z" data-local>2020-01-01 00:00:42 UTC<\/time>/);
  });

  it("shows one ping in full, with its run time, and offers its body for download", async () => {
    const page = await alice.get(`/checks/${uuid}/pings/2/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<dt>Method<\/dt><dd>POST<\/dd>/);
    assert.match(page.text, /<dt>User agent<\/dt><dd><code>curl\/8.5.0<\/code><\/dd>/);
    assert.match(page.text, /<dt>Run time<\/dt><dd>42 seconds<\/dd>/);
    assert.match(page.text, /20301 bytes/);
    assert.match(page.text, /Showing the first 10000 bytes/);
    assert.match(page.text, /href="\/checks\/[0-9a-f-]+\/pings\/1\/">← #1</);
    const body = await h.app.inject({ method: "GET", url: `/checks/${uuid}/pings/2/body/`, headers: { cookie: alice.cookie! } });
    assert.equal(body.statusCode, 200);
    assert.equal(body.headers["content-disposition"], 'attachment; filename="ping-2-body.txt"');
    assert.equal(body.rawPayload.length, 20_301);
    assert.equal((await alice.get(`/checks/${uuid}/pings/1/body/`)).status, 404);
    assert.equal((await alice.get(`/checks/${uuid}/pings/99/`)).status, 404);
    assert.equal((await alice.get(`/checks/${uuid}/pings/x/`)).status, 404);
  });

  it("filters the full log by kind and by a time window in UTC", async () => {
    const base = `/checks/${uuid}/log/`;
    const all = await alice.get(base);
    assert.equal([...all.text.matchAll(/<tr class="event/g)].length, 6);
    const pingsOnly = await alice.get(`${base}?filtered=1&kind=success&kind=start`);
    assert.deepEqual([...pingsOnly.text.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1]), ["success", "start"]);
    assert.match(pingsOnly.text, /took 42 seconds/);
    const late = await alice.get(`${base}?from=2020-01-01T00:01`);
    assert.deepEqual([...late.text.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1]), ["notification", "flip", "log"]);
    const early = await alice.get(`${base}?to=2020-01-01T00:00`);
    assert.deepEqual([...early.text.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1]), ["success", "flip", "start"]);
    const none = await alice.get(`${base}?filtered=1`);
    assert.match(none.text, /No events match these filters/);
    const bad = await alice.get(`${base}?from=yesterday`);
    assert.equal(bad.status, 400);
    assert.match(bad.text, /Enter the dates as YYYY-MM-DD/);
  });

  it("answers 404 to another account for the log, a ping and its body, as for the check", async () => {
    for (const url of [`/checks/${uuid}/log/`, `/checks/${uuid}/pings/2/`, `/checks/${uuid}/pings/2/body/`, `/checks/${uuid}/details/`]) {
      assert.equal((await bob.get(url)).status, 404, url);
    }
    assert.equal((await checkRow(h, uuid)).status, "down");
  });
});
