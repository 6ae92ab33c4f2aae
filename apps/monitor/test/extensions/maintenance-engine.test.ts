// Maintenance windows in the status engine, at exact instants of the fake clock: a down alert
// that falls inside a window is held and sent once at the window's end if the check is still
// down, and never if it recovered; recurring windows follow their time zone across DST.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { maintenanceAt, occurrenceEnd, WindowMemo, type WindowTiming } from "../../src/lib/maintenance.js";
import { startFakeService, type FakeService } from "../../src/integrations/testing/fake-service.js";
import { call, createCheckVia, type Harness } from "../helpers.js";
import { addIntegration, startAlertHarness, webhookValue } from "../worker/helpers.js";

const at = (iso: string) => Date.parse(iso);
const berlinNightly: WindowTiming = { starts: null, ends: null, schedule: "30 1 * * *", tz: "Europe/Berlin", duration: 7200 };

describe("maintenance windows: when one is open", () => {
  it("opens at each run of the schedule in its zone, for its duration, across both DST changes", () => {
    // An ordinary winter night: 01:30 CET is 00:30 UTC, for two hours.
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-28T00:29:59.999Z")), null);
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-28T00:30:00Z")), at("2020-03-28T02:30:00Z"));
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-28T02:29:59.999Z")), at("2020-03-28T02:30:00Z"));
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-28T02:30:00Z")), null);
    // The night clocks go forward (02:00 CET becomes 03:00 CEST): it still opens at 01:30 CET.
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-29T00:30:00Z")), at("2020-03-29T02:30:00Z"));
    // The next night, 01:30 CEST is 23:30 UTC the day before.
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-29T23:29:59Z")), null);
    assert.equal(occurrenceEnd(berlinNightly, at("2020-03-29T23:30:00Z")), at("2020-03-30T01:30:00Z"));
    // The night clocks go back (03:00 CEST becomes 02:00 CET): 01:30 CEST comes once, at 23:30 UTC.
    assert.equal(occurrenceEnd(berlinNightly, at("2020-10-24T23:30:00Z")), at("2020-10-25T01:30:00Z"));
    assert.equal(occurrenceEnd(berlinNightly, at("2020-10-25T01:30:00Z")), null);
    assert.equal(occurrenceEnd(berlinNightly, at("2020-10-26T00:30:00Z")), at("2020-10-26T02:30:00Z"));
  });

  it("joins windows that follow on into one maintenance, and remembers answers per window", () => {
    const first: WindowTiming = { starts: at("2020-01-01T10:00:00Z"), ends: at("2020-01-01T11:00:00Z"), schedule: "", tz: "UTC", duration: 0 };
    const second: WindowTiming = { starts: at("2020-01-01T11:00:00Z"), ends: at("2020-01-01T12:15:00Z"), schedule: "", tz: "UTC", duration: 0 };
    const hourly: WindowTiming = { starts: null, ends: null, schedule: "0 12 * * *", tz: "UTC", duration: 3600 };
    const covering = maintenanceAt([first, second, hourly], at("2020-01-01T10:30:00Z"));
    assert.equal(covering?.window, first);
    assert.equal(covering?.until, at("2020-01-01T13:00:00Z"));
    assert.equal(maintenanceAt([first, second], at("2020-01-01T12:15:00Z")), null);
    const memo = new WindowMemo();
    for (const t of [at("2020-03-28T00:00:00Z"), at("2020-03-28T00:30:00Z"), at("2020-03-28T01:00:00Z"), at("2020-03-28T02:30:00Z"), at("2020-03-28T01:59:00Z")]) {
      assert.equal(memo.endOf(berlinNightly, t), occurrenceEnd(berlinNightly, t), new Date(t).toISOString());
    }
  });
});

describe("maintenance windows: alerts", () => {
  let h: Harness;
  let hook: FakeService;
  let channels: string;
  before(async () => {
    h = await startAlertHarness();
    hook = await startFakeService();
    channels = (await addIntegration(h, "webhook", webhookValue(`${hook.url}/$NAME/$STATUS`))).uuid;
  });
  after(async () => {
    await h.close();
    await hook.close();
  });
  beforeEach(() => {
    hook.requests.length = 0;
  });

  const api = (method: string, path: string, body?: unknown) => call(h.app, method, `/api/v3/${path}`, { key: h.keys.api_key, body });
  const sent = () => hook.requests.map((r) => r.url);
  const cycleAt = async (iso: string) => {
    h.clock.set(new Date(iso));
    return runAlertCycle(h.deps);
  };
  /** A check pinged at `iso`, due 60 s later with 60 s of grace: down at `iso` + 120 s. */
  async function pingedCheck(name: string, iso: string, extra: Record<string, unknown> = {}) {
    h.clock.set(new Date(iso));
    const check = await createCheckVia(h, { name, timeout: 60, grace: 60, channels, ...extra });
    await h.app.inject({ method: "GET", url: `/ping/${check.uuid}` });
    await runAlertCycle(h.deps);
    hook.requests.length = 0;
    return check;
  }
  const holdsOf = (uuid: string) =>
    h.deps.db
      .selectFrom("held_alerts")
      .innerJoin("checks", "checks.id", "held_alerts.check_id")
      .select(["window_label", "release_at", "released"])
      .where("checks.uuid", "=", uuid)
      .execute();

  it("holds a down alert inside a one-off window and sends it once at the window's end", async () => {
    const check = await pingedCheck("backup", "2020-01-01T00:00:00Z", { maintenance: [{ name: "disk swap", start: "2020-01-01T00:01:00Z", end: "2020-01-01T00:10:00Z" }] });
    const down = await cycleAt("2020-01-01T00:02:00.001Z");
    assert.equal(down.down, 1);
    assert.deepEqual(sent(), []);
    assert.deepEqual(await holdsOf(check.uuid), [{ window_label: "disk swap", release_at: at("2020-01-01T00:10:00Z"), released: null }]);
    await cycleAt("2020-01-01T00:09:59.999Z");
    assert.deepEqual(sent(), []);
    await cycleAt("2020-01-01T00:10:00Z");
    assert.deepEqual(sent(), ["/backup/down"]);
    await cycleAt("2020-01-01T00:20:00Z");
    assert.deepEqual(sent(), ["/backup/down"], "sent once");
    assert.equal((await holdsOf(check.uuid))[0].released, at("2020-01-01T00:10:00Z"));
    // The recovery after a downtime that was told is told too.
    await h.app.inject({ method: "GET", url: `/ping/${check.uuid}` });
    await runAlertCycle(h.deps);
    assert.deepEqual(sent(), ["/backup/down", "/backup/up"]);
  });

  it("sends nothing when the check recovers inside the window, the up alert included", async () => {
    const check = await pingedCheck("nightly", "2020-01-02T00:00:00Z", { maintenance: [{ start: "2020-01-02T00:00:30Z", end: "2020-01-02T00:31:00Z" }] });
    await cycleAt("2020-01-02T00:02:00.001Z");
    h.clock.set(new Date("2020-01-02T00:30:00Z"));
    await h.app.inject({ method: "GET", url: `/ping/${check.uuid}` });
    await runAlertCycle(h.deps);
    assert.equal((await holdsOf(check.uuid))[0].released, at("2020-01-02T00:30:00Z"));
    await cycleAt("2020-01-02T00:31:00Z");
    assert.deepEqual(sent(), []);
    // It goes down again after the window: that alert goes out at once.
    await cycleAt("2020-01-02T00:32:00.001Z");
    assert.deepEqual(sent(), ["/nightly/down"]);
  });

  it("holds a /fail signal's alert too, and lets an alert outside the window through", async () => {
    h.clock.set(new Date("2020-01-03T00:00:00Z"));
    const check = await createCheckVia(h, { name: "fails", channels, maintenance: [{ start: "2020-01-03T00:00:00Z", end: "2020-01-03T00:05:00Z" }] });
    await h.app.inject({ method: "GET", url: `/ping/${check.uuid}/fail` });
    await runAlertCycle(h.deps);
    assert.deepEqual(sent(), []);
    await cycleAt("2020-01-03T00:05:00Z");
    assert.deepEqual(sent(), ["/fails/down"]);
  });

  it("holds alerts of every check of the project in a project window across a DST change", async () => {
    // The night Berlin's clocks go forward, 01:30 CET is 00:30 UTC: open until 02:30 UTC.
    const wide = await api("POST", "project/maintenance/", { schedule: "30 1 * * *", tz: "Europe/Berlin", duration: 7200 });
    const check = await pingedCheck("router", "2020-03-29T00:30:00Z");
    await cycleAt("2020-03-29T00:32:00.001Z");
    assert.deepEqual(sent(), []);
    const [hold] = await holdsOf(check.uuid);
    assert.equal(hold.release_at, at("2020-03-29T02:30:00Z"));
    assert.equal(hold.window_label, "30 1 * * * (Europe/Berlin) for 2 h");
    await cycleAt("2020-03-29T02:29:59.999Z");
    assert.deepEqual(sent(), []);
    await cycleAt("2020-03-29T02:30:00Z");
    assert.deepEqual(sent(), ["/router/down"]);
    await api("DELETE", `project/maintenance/${wide.json.id}`);
  });

  it("sends a held alert at once when its window is removed and the check is still down", async () => {
    const check = await pingedCheck("removed", "2020-01-04T00:00:00Z", { maintenance: [{ start: "2020-01-04T00:00:00Z", end: "2020-01-05T00:00:00Z" }] });
    await cycleAt("2020-01-04T00:02:00.001Z");
    assert.deepEqual(sent(), []);
    const [window] = (await api("GET", `checks/${check.uuid}/maintenance/`)).json.windows;
    await api("DELETE", `checks/${check.uuid}/maintenance/${window.id}`);
    await cycleAt("2020-01-04T00:03:00Z");
    assert.deepEqual(sent(), ["/removed/down"]);
  });

  it("keeps holding an alert while another window covers the check when its own is removed", async () => {
    const check = await pingedCheck("overlap", "2020-01-07T00:00:00Z", { maintenance: [{ name: "first", start: "2020-01-07T00:00:00Z", end: "2020-01-07T00:10:00Z" }] });
    await cycleAt("2020-01-07T00:02:00.001Z");
    h.clock.set(new Date("2020-01-07T00:05:00Z"));
    await api("POST", `checks/${check.uuid}/maintenance/`, { name: "second", start: "2020-01-07T00:05:00Z", end: "2020-01-07T00:30:00Z" });
    const first = (await api("GET", `checks/${check.uuid}/maintenance/`)).json.windows.find((w: { name: string }) => w.name === "first");
    await api("DELETE", `checks/${check.uuid}/maintenance/${first.id}`);
    await cycleAt("2020-01-07T00:06:00Z");
    assert.deepEqual(sent(), []);
    assert.deepEqual(await holdsOf(check.uuid), [{ window_label: "second", release_at: at("2020-01-07T00:30:00Z"), released: null }]);
    await cycleAt("2020-01-07T00:29:59.999Z");
    assert.deepEqual(sent(), []);
    await cycleAt("2020-01-07T00:30:00Z");
    assert.deepEqual(sent(), ["/overlap/down"]);
  });

  it("leaves a hold by a dependency to the dependency, whatever the windows", async () => {
    const router = await pingedCheck("gateway", "2020-01-06T00:00:00Z");
    const behind = await pingedCheck("behind", "2020-01-06T00:00:00Z", { depends_on: router.uuid, maintenance: [{ start: "2020-01-06T00:00:00Z", end: "2020-01-06T00:10:00Z" }] });
    await cycleAt("2020-01-06T00:02:00.001Z");
    assert.deepEqual(sent(), ["/gateway/down"]);
    assert.deepEqual(await holdsOf(behind.uuid), [], "no window's hold");
    const flips = await h.deps.db.selectFrom("flips").innerJoin("checks", "checks.id", "flips.check_id").select(["new_status", "held_by_name"]).where("checks.uuid", "=", behind.uuid).orderBy("flips.id").execute();
    assert.deepEqual(flips.at(-1), { new_status: "down", held_by_name: "gateway" });
    await cycleAt("2020-01-06T00:10:00Z");
    assert.deepEqual(sent(), ["/gateway/down"]);
  });
});
