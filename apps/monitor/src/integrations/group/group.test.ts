// Groups: one alert fanned out to other integrations of the project, each a real delivery
// (webhooks to a local receiver).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, channelRow, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

describe("group integrations", () => {
  let h: Harness;
  let receiver: FakeService;
  const hook = (path: string, name: string) => addIntegration(h, "webhook", { method_down: "POST", url_down: `${receiver.url}${path}`, body_down: "$NAME is $STATUS", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} }, name);
  before(async () => {
    receiver = await startFakeService();
    receiver.on("POST", "/broken", { status: 500, body: "no" });
    h = await startKindHarness();
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  it("delivers through each member and records each member's own outcome", async () => {
    receiver.clear();
    const a = await hook("/a", "A");
    const b = await hook("/b", "B");
    const group = await addIntegration(h, "group", `${a.uuid},${b.uuid}`, "Both");
    const { channel } = await alertDown(h, group, { name: "Backups" });
    assert.deepEqual(receiver.requests.map((r) => [r.url, r.text()]).sort(), [["/a", "Backups is down"], ["/b", "Backups is down"]]);
    assert.equal(channel.last_error, "");
    const notes = await h.deps.db.selectFrom("notifications").select(["channel_id", "state"]).where("channel_id", "in", [a.id, b.id, group.id]).execute();
    assert.deepEqual(notes.map((n) => n.channel_id).sort(), [a.id, b.id, group.id].sort());
  });

  it("fails with how many members failed, skipping members with nothing to send", async () => {
    receiver.clear();
    const ok = await hook("/a", "Fine");
    const broken = await hook("/broken", "Broken");
    const upOnly = await addIntegration(h, "webhook", { method_down: "GET", url_down: "", body_down: "", headers_down: {}, method_up: "GET", url_up: `${receiver.url}/up`, body_up: "", headers_up: {} }, "Up only");
    const { channel } = await alertDown(h, await addIntegration(h, "group", [ok.uuid, broken.uuid, upOnly.uuid].join(","), "Mixed"));
    assert.equal(channel.last_error, "1 out of 3 notifications failed");
    assert.equal((await channelRow(h, broken)).last_error, "Received status code 500");
  });

  it("ignores uuids of other projects' integrations and of groups", async () => {
    receiver.clear();
    const inner = await addIntegration(h, "group", (await hook("/a", "Inner member")).uuid, "Inner");
    const { channel } = await alertDown(h, await addIntegration(h, "group", `${inner.uuid},00000000-0000-4000-8000-000000000000`, "Outer"));
    assert.equal(channel.last_error, "");
    assert.equal(receiver.requests.length, 0);
  });

  it("sends a test notification through every member", async () => {
    receiver.clear();
    const group = await addIntegration(h, "group", [(await hook("/a", "T1")).uuid, (await hook("/b", "T2")).uuid].join(","), "Test group");
    assert.deepEqual(await sendTest(h, group), { kind: "sent" });
    assert.deepEqual(receiver.requests.map((r) => r.text()), ["TEST is down", "TEST is down"]);
  });

  it("is set up on its own page from the project's other integrations", async () => {
    const alice: WebClient = await signedUp(h, "alice@example.org");
    const page = await alice.get(`/projects/${h.project.uuid}/integrations/add/group/`);
    assert.equal(page.status, 200);
    const a = await hook("/a", "Pick me");
    const form = await alice.get(`/projects/${h.project.uuid}/add_group/`);
    assert.match(form.text, new RegExp(`value="${a.uuid}"`));
    assert.doesNotMatch(form.text, /Test group \(Group\)/);
    const action = `/projects/${h.project.uuid}/add_group/`;
    assert.match((await alice.post(action, { label: "Nobody" })).text, /Integrations: This field is required\./);
    assert.match((await alice.post(action, { label: "Bad", channels: "nope" })).text, /Select a valid choice\. nope is not one of the available choices\./);
    const res = await alice.post(action, { label: "On call", channels: [a.uuid] });
    assert.equal(res.status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "On call").executeTakeFirstOrThrow();
    assert.equal(row.kind, "group");
    assert.equal(row.value, a.uuid);
  });

  it("checks create-integration's value", () => {
    const u = "6B8E8F1C-1111-4222-8333-944445555666";
    assert.deepEqual(integrationValue("group", `${u}, ${u.toLowerCase()}`), { value: `${u.toLowerCase()},${u.toLowerCase()}` });
    assert.deepEqual(integrationValue("group", "ops"), { error: 'must be integration uuids separated by commas, got "ops"' });
  });
});
