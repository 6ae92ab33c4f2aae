import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, secondProject } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue } from "../registry.js";
import { addIntegration, alertDown, channelRow, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fakeService.js";
import { createIntegration } from "../../actions/integrations.js";

describe("Group integrations", () => {
  let h: Harness;
  let hooks: FakeService;
  let alice: WebClient;
  before(async () => {
    hooks = await startFakeService();
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await hooks.close();
  });

  const paths = () => hooks.requests.map((r) => r.url).sort();

  it("delivers each alert through every member, each with its own notification", async () => {
    hooks.clear();
    const a = await addIntegration(h, "spike", `${hooks.url}/a`);
    const b = await addIntegration(h, "pagertree", `${hooks.url}/b`);
    const group = await addIntegration(h, "group", `${a.uuid},${b.uuid}`);
    const { check, channel } = await alertDown(h, group, { name: "Backups" });
    assert.deepEqual(paths(), ["/a", "/b"]);
    assert.equal(hooks.requests.find((r) => r.url === "/a")!.json().title, "Backups is DOWN (received a failure signal)");
    assert.equal(channel.last_error, "");
    const rows = await h.deps.db.selectFrom("notifications").select(["channel_id", "state"]).where("check_id", "=", (await h.deps.db.selectFrom("checks").select("id").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).id).orderBy("id").execute();
    assert.deepEqual(rows, [{ channel_id: group.id, state: "sent" }, { channel_id: a.id, state: "sent" }, { channel_id: b.id, state: "sent" }]);
  });

  it("leaves out groups, other projects' integrations, disabled members and unknown UUIDs", async () => {
    hooks.clear();
    const member = await addIntegration(h, "spike", `${hooks.url}/member`);
    const off = await addIntegration(h, "spike", `${hooks.url}/off`);
    await h.deps.db.updateTable("channels").set({ disabled: 1 }).where("id", "=", off.id).execute();
    const inner = await addIntegration(h, "group", member.uuid);
    const keys = await secondProject(h);
    const other = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", keys.uuid).executeTakeFirstOrThrow();
    const foreign = await createIntegration(h.deps, other, { kind: "spike", name: "theirs", value: `${hooks.url}/foreign` });
    const group = await addIntegration(h, "group", [inner.uuid, foreign.uuid, off.uuid, member.uuid, "00000000-0000-4000-8000-000000000000"].join(","));
    const { channel } = await alertDown(h, group);
    assert.deepEqual(paths(), ["/member"]);
    assert.equal(channel.last_error, "");
  });

  it("leaves a failing member's retries and error to that member", async () => {
    hooks.clear();
    hooks.on("POST", "/down", { status: 500, body: "oops" });
    const bad = await addIntegration(h, "spike", `${hooks.url}/down`);
    const good = await addIntegration(h, "spike", `${hooks.url}/up`);
    const { channel } = await alertDown(h, await addIntegration(h, "group", `${bad.uuid},${good.uuid}`));
    assert.equal(channel.last_error, "");
    assert.equal((await channelRow(h, bad)).last_error, "Received status code 500");
    assert.equal((await channelRow(h, good)).last_error, "");
  });

  it("sends a test notification through the members and counts the failures", async () => {
    hooks.clear();
    const bad = await addIntegration(h, "spike", `${hooks.url}/down`);
    const good = await addIntegration(h, "spike", `${hooks.url}/fine`);
    const group = await addIntegration(h, "group", `${bad.uuid},${good.uuid}`);
    assert.deepEqual(await sendTest(h, group), { kind: "failed", error: "1 out of 2 notifications failed" });
    assert.deepEqual(paths(), ["/down", "/fine"]);
    assert.equal(hooks.requests.find((r) => r.url === "/fine")!.json().title, "TEST is DOWN");
    assert.deepEqual(await sendTest(h, await addIntegration(h, "group", good.uuid)), { kind: "sent" });
  });

  it("is added through its form, which offers the project's other integrations", async () => {
    const list = `/projects/${h.project.uuid}/integrations/`;
    const add = `/projects/${h.project.uuid}/add_group/`;
    assert.match((await alice.get(list)).text, new RegExp(`href="${list}add/group/"`));
    const page = await alice.get(`${list}add/group/`);
    assert.equal(page.status, 200);
    assert.match(page.text, new RegExp(`action="${add}"`));
    const [first, second] = await h.deps.db.selectFrom("channels").selectAll().where("project_id", "=", h.project.id).where("kind", "=", "spike").orderBy("id").execute();
    assert.match(page.text, new RegExp(`value="${first.uuid}"`));
    const groups = await h.deps.db.selectFrom("channels").select("uuid").where("kind", "=", "group").execute();
    assert.ok(groups.every((g) => !page.text.includes(`value="${g.uuid}"`)), "groups are not offered");
    assert.equal((await alice.get(add)).status, 200, "the upstream's URL shows the form too");

    const none = await alice.post(add, { label: "VIP" });
    assert.equal(none.status, 400);
    assert.match(none.text, /Integrations: This field is required\./);
    assert.match(none.text, /value="VIP"/, "the form keeps what was typed");
    const bogus = await alice.post(add, { label: "", channels: [first.uuid, groups[0].uuid] });
    assert.equal(bogus.status, 400);
    assert.ok(bogus.text.includes(`Select a valid choice. ${groups[0].uuid} is not one of the available choices.`));
    assert.ok((await alice.post(add, { label: "x".repeat(101), channels: first.uuid })).text.includes("Ensure this value has at most 100 characters (it has 101)."));

    assert.equal((await alice.post(add, { label: "VIP", channels: [second.uuid, first.uuid, first.uuid] })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "VIP").executeTakeFirstOrThrow();
    assert.equal(row.kind, "group");
    assert.equal(row.value, `${first.uuid},${second.uuid}`);
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "group" && c.name === "VIP"));
    assert.match((await alice.get(list)).text, /2 members/);
  });

  it("does not show the form to accounts outside the project", async () => {
    const mallory = await signedUp(h, "mallory@example.org");
    assert.equal((await mallory.get(`/projects/${h.project.uuid}/add_group/`)).status, 404);
  });

  it("checks create-integration's value", () => {
    const u = "8f8c4c2e-1b4c-4a7e-9d35-2f1a6b0e7c11";
    assert.deepEqual(integrationValue("group", ` ${u.toUpperCase()} , ${u}`), { value: `${u},${u}` });
    assert.deepEqual(integrationValue("group", "abc"), { error: "abc is not an integration UUID" });
    assert.deepEqual(integrationValue("group", ","), { error: "--value must list integration UUIDs separated by commas" });
  });
});
