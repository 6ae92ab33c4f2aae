// Check dependencies: set through API v3, shown only when set; while a dependency is down,
// a dependent's down alert (and the up alert that ends that downtime) is held back, naming it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { call, checkRow, createCheckVia, secondProject, type Harness } from "../helpers.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { addIntegration, useAlertHarness, webhookValue } from "../worker/helpers.js";

describe("check dependencies", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((started) => ({ h, hook } = started));

  const api = (method: string, path: string, body?: unknown, version = 3) => call(h.app, method, `/api/v${version}/${path}`, { key: h.keys.api_key, body });
  const T0 = Date.parse("2020-01-01T00:00:00Z");

  it("sets, shows and clears depends_on in v3 only, refusing unknown, foreign, self and cyclic ones", async () => {
    const a = await createCheckVia(h, { name: "a" });
    const b = await createCheckVia(h, { name: "b" });
    const res = await api("POST", "checks/", { name: "c", depends_on: `${b.uuid}, ${a.uuid}` });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.depends_on, [a.uuid, b.uuid].sort().join(","));
    assert.equal(Object.keys(res.json).at(-1), "depends_on");
    assert.equal((await api("GET", `checks/${res.json.uuid}`)).json.depends_on, res.json.depends_on);
    const listed = (await api("GET", "checks/")).json.checks.find((c: { name: string }) => c.name === "c");
    assert.equal(listed.depends_on, res.json.depends_on);
    assert.equal("depends_on" in (await api("GET", `checks/${a.uuid}`)).json, false);

    assert.deepEqual((await api("POST", `checks/${a.uuid}`, { depends_on: res.json.uuid })).json, { error: "depends_on would make a cycle of dependencies" });
    assert.deepEqual((await api("POST", `checks/${a.uuid}`, { depends_on: a.uuid })).json, { error: "a check cannot depend on itself" });
    const theirs = await call(h.app, "POST", "/api/v3/checks/", { key: (await secondProject(h)).api_key, body: { name: "x" } });
    assert.deepEqual((await api("POST", `checks/${a.uuid}`, { depends_on: theirs.json.uuid })).json, { error: `invalid check identifier in depends_on: ${theirs.json.uuid}` });
    assert.deepEqual((await api("POST", `checks/${a.uuid}`, { depends_on: 5 })).json, { error: "json validation error: depends_on is not a string" });
    assert.deepEqual((await api("POST", `checks/${a.uuid}`, { depends_on: b.uuid }, 2)).json, { error: "json validation error: depends_on is available in API v3 only" });

    const cleared = await api("POST", `checks/${res.json.uuid}`, { depends_on: "" });
    assert.equal("depends_on" in cleared.json, false);
    for (const c of [a, b, res.json]) await api("POST", `checks/${c.uuid}/pause`);
  });

  it("holds back the dependents' alerts while the dependency is down, and sends the dependency's", async () => {
    h.clock.set(new Date(T0));
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$NAME/$STATUS`));
    const router = await createCheckVia(h, { name: "router", timeout: 60, grace: 60, channels: wh.uuid });
    const dependents = [];
    for (const name of ["web", "db", "mail"]) dependents.push(await createCheckVia(h, { name, timeout: 60, grace: 60, channels: wh.uuid, depends_on: router.uuid }));
    const alone = await createCheckVia(h, { name: "alone", timeout: 60, grace: 60, channels: wh.uuid });
    for (const c of [router, ...dependents, alone]) await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    hook.requests.length = 0;

    h.clock.set(new Date(T0 + 120_001)); // all five miss their deadline at once
    const cycle = await runAlertCycle(h.deps);
    assert.equal(cycle.down, 5);
    assert.deepEqual(hook.requests.map((r) => r.url).sort(), ["/alone/down", "/router/down"]);
    const held = await h.deps.db.selectFrom("flips").select(["held_by_name", "held_by_uuid"]).where("held_by_uuid", "is not", null).execute();
    assert.equal(held.length, 3);
    for (const row of held) assert.deepEqual([row.held_by_name, row.held_by_uuid], ["router", router.uuid]);

    // The router comes back, then the dependents: their up alerts are held back too.
    hook.requests.length = 0;
    for (const c of [router, ...dependents]) await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/router/up"]);

    // With the router up, a dependent going down alerts as usual.
    hook.requests.length = 0;
    await h.app.inject({ method: "GET", url: `/ping/${dependents[0].uuid}/fail` });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/web/down"]);
    assert.equal((await checkRow(h, dependents[0].uuid)).status, "down");
  });

  it("names the first dependency created when several are down, and only down ones", async () => {
    h.clock.set(new Date(T0));
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$NAME/$STATUS`));
    const upstream = await createCheckVia(h, { name: "upstream", timeout: 60, grace: 60, channels: wh.uuid });
    const power = await createCheckVia(h, { name: "power", timeout: 60, grace: 60, channels: wh.uuid });
    const steady = await createCheckVia(h, { name: "steady", timeout: 3600, grace: 60, channels: wh.uuid });
    const app = await createCheckVia(h, { name: "app", timeout: 60, grace: 60, channels: wh.uuid, depends_on: `${steady.uuid},${power.uuid},${upstream.uuid}` });
    for (const c of [upstream, power, steady, app]) await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);

    h.clock.set(new Date(T0 + 120_001)); // upstream, power and app miss their deadline at once
    hook.requests.length = 0;
    assert.equal((await runAlertCycle(h.deps)).down, 3);
    assert.deepEqual(hook.requests.map((r) => r.url).sort(), ["/power/down", "/upstream/down"]);
    const flip = await h.deps.db.selectFrom("flips").innerJoin("checks", "checks.id", "flips.check_id").select(["held_by_name", "held_by_uuid"]).where("checks.uuid", "=", app.uuid).where("new_status", "=", "down").executeTakeFirstOrThrow();
    assert.deepEqual([flip.held_by_name, flip.held_by_uuid], ["upstream", upstream.uuid]);

    // A ping's flips are judged when the worker takes them: the recovery ends the held
    // downtime quietly, and a failure is held by the same dependency.
    hook.requests.length = 0;
    await h.app.inject({ method: "GET", url: `/ping/${app.uuid}` });
    await h.app.inject({ method: "GET", url: `/ping/${app.uuid}/fail` });
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), []);
    const failed = await h.deps.db.selectFrom("flips").innerJoin("checks", "checks.id", "flips.check_id").select(["held_by_name"]).where("checks.uuid", "=", app.uuid).where("new_status", "=", "down").orderBy("flips.id", "desc").executeTakeFirstOrThrow();
    assert.equal(failed.held_by_name, "upstream");
    for (const c of [upstream, power, steady, app]) await api("POST", `checks/${c.uuid}/pause`);
  });
});
