// Limits a user cannot blow through: tags (the upstream's 500 characters together), the
// description (ours: 10,000 characters), projects per account on the dashboard, and the badges
// page, which pages its tags so a project with thousands of them stays cheap to show.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "../web/helpers.js";

describe("limits on what a user stores", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startHarness({ projectLimit: "2" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  const post = (body: unknown) => call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body });

  it("refuses tags over 500 characters and a description over 10,000 with the upstream's wording", async () => {
    const tooManyTags = Array.from({ length: 100_000 }, (_, i) => `t${i}`).join(" ");
    for (const [body, error] of [
      [{ tags: tooManyTags }, "json validation error: tags is too long"],
      [{ tags: "x".repeat(501) }, "json validation error: tags is too long"],
      [{ desc: "d".repeat(10_001) }, "json validation error: desc is too long"],
    ] as const) {
      const res = await post(body);
      assert.deepEqual([res.status, res.json], [400, { error }]);
    }
    const check = await createCheckVia(h, { tags: "a ".repeat(250).trim(), desc: "d".repeat(10_000) });
    const update = await call(h.app, "POST", `/api/v3/checks/${check.uuid}`, { key: h.keys.api_key, body: { tags: "y".repeat(501) } });
    assert.deepEqual([update.status, update.json], [400, { error: "json validation error: tags is too long" }]);
  });

  it("says so on the dashboard's name form", async () => {
    const check = await createCheckVia(h, { name: "limited" });
    await alice.get(`/checks/${check.uuid}/details/`);
    const res = await alice.post(`/checks/${check.uuid}/name/`, { name: "limited", slug: "", tags: "x".repeat(501), desc: "" });
    assert.match(res.text, /The tags are too long: at most 500 characters together\./);
  });

  it("refuses a project past MONITOR_PROJECT_LIMIT on the dashboard", async () => {
    const bob = await signedUp(h, "bob@example.org");
    await bob.get("/projects/");
    assert.equal((await bob.post("/projects/", { name: "Second" })).status, 303);
    const refused = await bob.post("/projects/", { name: "Third" });
    assert.equal(refused.status, 400);
    assert.match(refused.text, /You can have at most 2 projects\./);
  });

  it("pages the badges page, 24 badges at a time", async () => {
    const tags = Array.from({ length: 60 }, (_, i) => `tag${String(i).padStart(2, "0")}`);
    for (let i = 0; i < tags.length; i += 20) await createCheckVia(h, { tags: tags.slice(i, i + 20).join(" ") });
    const base = `/projects/${h.project.uuid}/badges/`;
    const cards = (text: string) => text.match(/class="card badge-card"/g)?.length ?? 0;
    const first = await alice.get(base);
    assert.equal(cards(first.text), 24);
    assert.match(first.text, /Page 1 of 3/);
    assert.match(first.text, /All checks/);
    const last = await alice.get(`${base}?late=1&page=3`);
    // "All checks", the tag "a" of the first test's check, and these 60.
    assert.equal(cards(last.text), 62 - 48);
    assert.match(last.text, /tag59/);
    assert.doesNotMatch(last.text, /All checks/);
    assert.match(last.text, /href="[^"]*\?late=1&amp;page=2"/);
    assert.match((await alice.get(`${base}?page=99`)).text, /Page 1 of 3/);
  });
});
