import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { call, checkRow, createCheckVia, type Harness } from "../helpers.js";
import { startFakeService, type FakeService } from "../../src/integrations/testing/fake-service.js";
import { addIntegration, useAlertHarness, webhookValue } from "./helpers.js";

describe("the alert worker", () => {
  let h: Harness;
  let hook: FakeService;
  let zulip: FakeService;
  useAlertHarness((started) => ({ h, hook } = started));
  before(async () => {
    zulip = await startFakeService();
  });
  after(async () => {
    await zulip?.close();
  });

  const reset = () => {
    hook.requests.length = 0;
    zulip.requests.length = 0;
  };
  // Later tests move the clock; a paused check stays out of their way.
  const quiet = (uuid: string) => call(h.app, "POST", `/api/v3/checks/${uuid}/pause`, { key: h.keys.api_key });
  const status = async (uuid: string) => (await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key })).json.status;

  it("takes a silent check through grace to down and alerts a webhook and Zulip exactly once each", async () => {
    reset();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/hook/$STATUS/$CODE`));
    const zu = await addIntegration(h, "zulip", { bot_email: "bot@example.org", api_key: "secret", mtype: "stream", to: "ops", site: zulip.url });
    const c = await createCheckVia(h, { name: "Backups", timeout: 60, grace: 60, channels: `${wh.uuid},${zu.uuid}` });
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 200);
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 0, "new→up does not alert");

    h.clock.advanceSeconds(61);
    assert.equal(await status(c.uuid), "grace");
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    h.clock.advanceSeconds(60);
    assert.equal(await status(c.uuid), "down");
    const cycle = await runAlertCycle(h.deps);
    assert.deepEqual(cycle, { down: 1, queued: 2, delivered: 2 });
    await runAlertCycle(h.deps);

    assert.equal(hook.requests.length, 1);
    assert.equal(hook.requests[0].url, `/hook/down/${c.uuid}`);
    assert.equal(zulip.requests.length, 1);
    const form = new URLSearchParams(zulip.requests[0].body.toString());
    assert.equal(form.get("type"), "stream");
    assert.equal(form.get("to"), "ops");
    assert.equal(form.get("topic"), "Backups is DOWN");
    assert.match(form.get("content")!, /^\[Backups\]\(http:\/\/localhost:8000\/cloaked\/[A-Za-z0-9]+\/\) is \*\*DOWN\*\* \(success signal did not arrive on time, grace time passed\)\.$/);
    assert.equal(zulip.requests[0].headers.authorization, `Basic ${Buffer.from("bot@example.org:secret").toString("base64")}`);

    const [flip] = await h.deps.db.selectFrom("flips").selectAll().where("check_id", "=", (await checkRow(h, c.uuid)).id).where("new_status", "=", "down").execute();
    assert.equal(flip.reason, "timeout");
    assert.equal(flip.created, new Date("2020-01-01T00:02:00Z").getTime());
    const stored = await checkRow(h, c.uuid);
    assert.equal(stored.status, "down");
    assert.equal(stored.alert_after, null);
    const notes = await h.deps.db.selectFrom("notifications").selectAll().where("check_id", "=", stored.id).execute();
    assert.deepEqual(notes.map((n) => [n.state, n.error, n.attempts]), [["sent", "", 1], ["sent", "", 1]]);

    // Recovery alerts too, with the downtime.
    reset();
    h.clock.advanceSeconds(30);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 1);
    assert.equal(hook.requests[0].url, `/hook/up/${c.uuid}`);
    const up = new URLSearchParams(zulip.requests[0].body.toString());
    assert.equal(up.get("topic"), "Backups is UP");
    assert.match(up.get("content")!, /is \*\*UP\*\*\.\nThe downtime lasted 31 seconds\.$/);
    await quiet(c.uuid);
  });

  it("alerts on a failure ping right away, and a pending start that outlives its grace", async () => {
    reset();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$STATUS`));
    const c = await createCheckVia(h, { timeout: 3600, grace: 120, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/down"]);

    const d = await createCheckVia(h, { timeout: 3600, grace: 120, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${d.uuid}/start` });
    h.clock.advanceSeconds(121);
    const cycle = await runAlertCycle(h.deps);
    assert.equal(cycle.down, 1);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/down", "/down"]);
    const [flip] = await h.deps.db.selectFrom("flips").selectAll().where("check_id", "=", (await checkRow(h, d.uuid)).id).execute();
    assert.deepEqual([flip.old_status, flip.new_status, flip.reason], ["new", "down", "timeout"]);
    await quiet(c.uuid);
    await quiet(d.uuid);
  });

  it("skips disabled integrations and directions without a URL", async () => {
    reset();
    const off = await addIntegration(h, "webhook", webhookValue(`${hook.url}/disabled`));
    await h.deps.db.updateTable("channels").set({ disabled: 1 }).where("id", "=", off.id).execute();
    const upOnly = await addIntegration(h, "webhook", webhookValue(`${hook.url}/up-only`, { url_down: "" }));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: `${off.uuid},${upOnly.uuid}` });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    const cycle = await runAlertCycle(h.deps);
    assert.equal(cycle.queued, 0);
    assert.equal(hook.requests.length, 0);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/up-only"]);
    await quiet(c.uuid);
  });

  it("retries a failed delivery with backoff, recording the error on the integration meanwhile", async () => {
    reset();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/flaky`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    hook.replies.push({ status: 500 }, { status: 503 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    const channelError = async () => (await h.deps.db.selectFrom("channels").select("last_error").where("id", "=", wh.id).executeTakeFirstOrThrow()).last_error;
    assert.equal(await channelError(), "Received status code 500");
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 1, "not before the backoff");
    h.clock.advanceSeconds(10);
    await runAlertCycle(h.deps);
    assert.equal(await channelError(), "Received status code 503");
    h.clock.advanceSeconds(60);
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 3);
    assert.equal(await channelError(), "");
    const [note] = await h.deps.db.selectFrom("notifications").selectAll().where("channel_id", "=", wh.id).execute();
    assert.deepEqual([note.state, note.attempts, note.error], ["sent", 3, ""]);
  });

  it("disables a Slack integration that answers 404", async () => {
    reset();
    const sl = await addIntegration(h, "slack", `${hook.url}/slack-gone`);
    const c = await createCheckVia(h, { channels: sl.uuid });
    hook.replies.push({ status: 404 });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("id", "=", sl.id).executeTakeFirstOrThrow();
    assert.equal(row.disabled, 1);
    assert.equal(row.last_error, "Received status code 404");
  });

  it("delivers a queued alert after a restart exactly once", async () => {
    reset();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/restart`));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    h.clock.advanceSeconds(200);
    // A worker that stopped after queueing, before delivering:
    const { flipDueChecks } = await import("../../src/actions/going-down.js");
    const { processFlips } = await import("../../src/actions/flip-notifications.js");
    const flipped = await flipDueChecks(h.deps);
    assert.equal(flipped.down, 1);
    // Queued as it went down, or after its check's first flip (new to up), not yet looked at.
    assert.equal(flipped.queued + (await processFlips(h.deps)), 1);
    assert.equal(hook.requests.length, 0);
    await runAlertCycle(h.deps);
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/restart"]);
  });

  it("alerts a check's older flips not yet alerted before the down flip it records", async () => {
    reset();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/order/$STATUS`));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    // A failure and a recovery the worker has not looked at when the check falls due again.
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    h.clock.advanceSeconds(121);
    const { flipDueChecks } = await import("../../src/actions/going-down.js");
    assert.deepEqual(await flipDueChecks(h.deps), { down: 1, queued: 0 });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/order/down", "/order/up", "/order/down"]);
    await quiet(c.uuid);
  });

  it("records the error of a kind it cannot deliver", async () => {
    // A kind this server does not know (data brought over from a newer Healthchecks, say).
    const pigeon = await addIntegration(h, "webhook", "");
    await h.deps.db.updateTable("channels").set({ kind: "carrier-pigeon", value: "coop 7" }).where("id", "=", pigeon.id).execute();
    const c = await createCheckVia(h, { channels: pigeon.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("id", "=", pigeon.id).executeTakeFirstOrThrow();
    assert.equal(row.last_error, "carrier-pigeon notifications are not supported by this server.");
  });
  it("keeps an earlier stored deadline when a ping pushes it on, and still goes down at the real one", async () => {
    reset();
    const c = await createCheckVia(h, { name: "Lazy deadline", timeout: 60, grace: 60 });
    const t0 = h.clock.now().getTime();
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    assert.equal((await checkRow(h, c.uuid)).alert_after, t0 + 120_000);
    h.clock.advanceSeconds(30);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    assert.equal((await checkRow(h, c.uuid)).alert_after, t0 + 120_000, "the ping left the earlier deadline stored");
    // At the stored deadline the check is not due yet (pinged 90 s ago): the worker moves it on.
    h.clock.advanceSeconds(91);
    assert.equal((await runAlertCycle(h.deps)).down, 0);
    assert.equal(await status(c.uuid), "grace");
    assert.equal((await checkRow(h, c.uuid)).alert_after, t0 + 30_000 + 120_000);
    // Past the real deadline it goes down, the flip dated at that deadline.
    h.clock.advanceSeconds(30);
    assert.equal((await runAlertCycle(h.deps)).down, 1);
    const row = await checkRow(h, c.uuid);
    assert.equal(row.status, "down");
    const [flip] = await h.deps.db.selectFrom("flips").selectAll().where("check_id", "=", row.id).where("new_status", "=", "down").execute();
    assert.equal(flip.created, t0 + 30_000 + 120_000);
    await quiet(c.uuid);
  });
});
