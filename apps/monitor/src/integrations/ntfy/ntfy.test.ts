import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { integrationValue } from "../registry.js";
import { addIntegration, alertDown, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("ntfy integrations", () => {
  let h: Harness;
  let ntfy: FakeService;
  before(async () => {
    h = await startKindHarness();
    ntfy = await startFakeService({ status: 200, body: { id: "x1", event: "message", topic: "beacon" } });
  });
  after(async () => {
    await h.close();
    await ntfy.close();
  });

  it("posts to ntfy with the topic, priority, token and a view action", async () => {
    ntfy.clear();
    const ch = await addIntegration(h, "ntfy", { topic: "beacon", url: ntfy.url, priority: 5, priority_up: 0, token: "tk_1" });
    await alertDown(h, ch, { name: "Queue", timeout: 3600 });
    const [req] = ntfy.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/");
    assert.equal(req.headers.authorization, "Bearer tk_1");
    const payload = req.json();
    assert.equal(payload.topic, "beacon");
    assert.equal(payload.priority, 5);
    assert.equal(payload.title, "Queue is DOWN");
    assert.equal(payload.markdown, true);
    assert.deepEqual(payload.tags, ["red_circle"]);
    assert.equal(payload.actions[0].label, "View on Mychecks");
    assert.match(payload.message, /^Reason: received a failure signal\.\n\n\*\*Project:\*\* Alices\n\*\*Period:\*\* 1 hour\n\*\*Total Pings:\*\* 1\n\*\*Last Ping:\*\* Failure, now/);
  });

  it("treats an ntfy direction with priority 0 as off", async () => {
    ntfy.clear();
    await alertDown(h, await addIntegration(h, "ntfy", { topic: "beacon", url: ntfy.url, priority: 0, priority_up: 3 }));
    assert.equal(ntfy.requests.length, 0);
  });

  it("defaults create-integration's value to ntfy.sh and checks priorities", () => {
    const ntfyValue = JSON.parse((integrationValue("ntfy", JSON.stringify({ topic: "t" })) as { value: string }).value);
    assert.deepEqual(ntfyValue, { priority: 3, priority_up: 3, token: "", topic: "t", url: "https://ntfy.sh" });
    assert.deepEqual(integrationValue("ntfy", JSON.stringify({ topic: "t", priority: 9 })), { error: "priority must be a whole number from 0 (off) to 5 (max)" });
  });
});
