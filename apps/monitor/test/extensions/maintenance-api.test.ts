// Maintenance windows through the API: a check's and a project's endpoints (API v3 only, the
// upstream's 404 in v1 and v2: api-versions.test.ts), the check's `maintenance` field (shown only when set, accepted by create
// and update in v3 only), validation, keys and projects.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, secondProject, startHarness, type Harness } from "../helpers.js";

describe("maintenance windows API", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const api = (method: string, path: string, body?: unknown, version = 3, key = h.keys.api_key) => call(h.app, method, `/api/v${version}/${path}`, { key, body });
  const nightly = { name: "backups", schedule: "30 1 * * *", tz: "Europe/Berlin", duration: 7200 };
  const upgrade = { start: "2020-01-05T22:00:00+01:00", end: "2020-01-06T02:00:00Z" };

  it("adds, lists and removes a check's windows, one-off and recurring", async () => {
    const check = await createCheckVia(h, { name: "db" });
    const once = await api("POST", `checks/${check.uuid}/maintenance/`, upgrade);
    assert.equal(once.status, 201, once.text);
    assert.match(once.json.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(once.json, { id: once.json.id, name: "", start: "2020-01-05T21:00:00+00:00", end: "2020-01-06T02:00:00+00:00" });
    const repeating = await api("POST", `checks/${check.uuid}/maintenance/`, nightly);
    assert.deepEqual(repeating.json, { id: repeating.json.id, ...nightly });

    const listed = await api("GET", `checks/${check.uuid}/maintenance/`, undefined, 3, h.keys.api_key_readonly);
    assert.deepEqual(listed.json, { windows: [once.json, repeating.json] });
    // The check object shows them after every other field.
    const shown = (await api("GET", `checks/${check.uuid}`)).json;
    assert.deepEqual(shown.maintenance, [once.json, repeating.json]);
    assert.equal(Object.keys(shown).at(-1), "maintenance");

    const removed = await api("DELETE", `checks/${check.uuid}/maintenance/${once.json.id}`);
    assert.deepEqual(removed.json, once.json);
    assert.equal((await api("DELETE", `checks/${check.uuid}/maintenance/${once.json.id}`)).status, 404);
    await api("DELETE", `checks/${check.uuid}/maintenance/${repeating.json.id}`);
    assert.equal("maintenance" in (await api("GET", `checks/${check.uuid}`)).json, false);
  });

  it("keeps a project's windows apart from its checks'", async () => {
    const check = await createCheckVia(h, { name: "web" });
    const wide = await api("POST", "project/maintenance/", { ...nightly, name: "everything" });
    assert.equal(wide.status, 201, wide.text);
    assert.deepEqual((await api("GET", "project/maintenance/")).json, { windows: [wide.json] });
    assert.deepEqual((await api("GET", `checks/${check.uuid}/maintenance/`)).json, { windows: [] });
    assert.equal("maintenance" in (await api("GET", `checks/${check.uuid}`)).json, false);
    // A project window is not removed through a check's URL, nor another project's.
    assert.equal((await api("DELETE", `checks/${check.uuid}/maintenance/${wide.json.id}`)).status, 404);
    const bob = await secondProject(h, "bob-windows@example.org");
    assert.equal((await api("DELETE", `project/maintenance/${wide.json.id}`, undefined, 3, bob.api_key)).status, 404);
    assert.deepEqual((await api("GET", "project/maintenance/", undefined, 3, bob.api_key)).json, { windows: [] });
    assert.equal((await api("GET", `checks/${check.uuid}/maintenance/`, undefined, 3, bob.api_key)).status, 403);
    assert.equal((await api("DELETE", `project/maintenance/${wide.json.id}`)).status, 200);
  });

  it("is not found in API v1 and v2, saves nothing there, and needs the read-write key to change anything", async () => {
    const check = await createCheckVia(h, { name: "v2" });
    for (const version of [1, 2]) {
      for (const [method, path] of [["GET", `checks/${check.uuid}/maintenance/`], ["POST", `checks/${check.uuid}/maintenance/`], ["GET", "project/maintenance/"], ["POST", "project/maintenance/"]]) {
        const res = await api(method, path, method === "POST" ? nightly : undefined, version);
        assert.equal(res.status, 404, `${method} v${version} ${path}`);
      }
    }
    assert.deepEqual((await api("GET", `checks/${check.uuid}/maintenance/`)).json, { windows: [] });
    assert.deepEqual((await api("GET", "project/maintenance/")).json, { windows: [] });
    const readOnly = await api("POST", "project/maintenance/", nightly, 3, h.keys.api_key_readonly);
    assert.deepEqual([readOnly.status, readOnly.json], [401, { error: "wrong api key" }]);
    assert.deepEqual((await api("GET", "project/maintenance/")).json, { windows: [] });
  });

  it("refuses a window that is not one, saying why", async () => {
    const check = await createCheckVia(h, { name: "bad" });
    const cases: [unknown, string][] = [
      [{}, "a maintenance window has either start and end, or schedule and duration"],
      [{ ...upgrade, schedule: "* * * * *" }, "a maintenance window has either start and end, or schedule and duration"],
      [{ start: "2020-01-05 22:00", end: upgrade.end }, "start is not an ISO 8601 date and time with a UTC offset"],
      [{ start: upgrade.start, end: "2020-01-05T21:00:00Z" }, "end must be after start"],
      [{ ...nightly, schedule: "61 * * * *" }, "schedule is not a valid cron or OnCalendar expression"],
      [{ ...nightly, tz: "Mars/Olympus" }, "tz is not a valid timezone"],
      [{ ...nightly, duration: 59 }, "duration is too small"],
      [{ ...nightly, duration: "1h" }, "duration is not an integer"],
      [{ ...nightly, name: 5 }, "name is not a string"],
      [{ ...nightly, name: "x".repeat(101) }, "name is too long"],
    ];
    for (const [body, error] of cases) {
      const res = await api("POST", `checks/${check.uuid}/maintenance/`, body);
      assert.deepEqual([res.status, res.json], [400, { error: `invalid maintenance window: ${error}` }], JSON.stringify(body));
    }
    assert.deepEqual((await api("GET", `checks/${check.uuid}/maintenance/`)).json, { windows: [] });
    for (let i = 0; i < 20; i++) assert.equal((await api("POST", `checks/${check.uuid}/maintenance/`, nightly)).status, 201);
    assert.deepEqual((await api("POST", `checks/${check.uuid}/maintenance/`, nightly)).json, { error: "too many maintenance windows (at most 20)" });
  });

  it("sets a check's windows through its maintenance field in v3 only", async () => {
    const created = await api("POST", "checks/", { name: "field", maintenance: [nightly, upgrade] });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.json.maintenance.map(({ id: _, ...w }: { id: string }) => w), [nightly, { name: "", start: "2020-01-05T21:00:00+00:00", end: "2020-01-06T02:00:00+00:00" }]);
    // What the API shows can be sent back (ids are ignored): the list is replaced.
    const kept = await api("POST", `checks/${created.json.uuid}`, { maintenance: created.json.maintenance.slice(1) });
    assert.equal(kept.json.maintenance.length, 1);
    assert.equal(kept.json.maintenance[0].start, "2020-01-05T21:00:00+00:00");
    assert.deepEqual((await api("POST", `checks/${created.json.uuid}`, { maintenance: [{ duration: 60 }] })).json, {
      error: "json validation error: maintenance item 1: schedule is not a string",
    });
    assert.deepEqual((await api("POST", `checks/${created.json.uuid}`, { maintenance: {} })).json, { error: "json validation error: maintenance is not an array" });
    for (const version of [1, 2]) {
      const res = await api("POST", `checks/${created.json.uuid}`, { maintenance: [] }, version);
      assert.deepEqual([res.status, res.json], [400, { error: "json validation error: maintenance is available in API v3 only" }]);
    }
    const cleared = await api("POST", `checks/${created.json.uuid}`, { maintenance: [] });
    assert.equal("maintenance" in cleared.json, false);
    assert.deepEqual((await api("GET", `checks/${created.json.uuid}/maintenance/`)).json, { windows: [] });
  });
});
