import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Google Chat integrations", () => {
  let h: Harness;
  let chat: FakeService;
  let alice: WebClient;
  before(async () => {
    chat = await startFakeService({ status: 200, body: { name: "spaces/AAA/messages/1" } });
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await chat.close();
  });

  it("posts a card with the headline, the check's facts and a button to the check", async () => {
    chat.clear();
    const ch = await addIntegration(h, "googlechat", `${chat.url}/v1/spaces/AAA/messages?key=k1&token=t1`);
    const { check } = await alertDown(h, ch, { name: "<Backups>", tags: "prod db", schedule: "0 3 * * *", tz: "Europe/Riga" });
    const [req] = chat.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/v1/spaces/AAA/messages?key=k1&token=t1");
    assert.equal(req.headers["content-type"], "application/json");
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.deepEqual(req.json(), {
      cardsV2: [
        {
          card: {
            sections: {
              collapsible: true,
              uncollapsibleWidgetsCount: 1,
              widgets: [
                { textParagraph: { text: "\u{1F534} The check <b>&lt;Backups&gt;</b> is <b>DOWN</b>.\nReason: received a failure signal." } },
                { decoratedText: { topLabel: "Project", text: "Alices" } },
                { decoratedText: { topLabel: "Tags", text: "prod, db" } },
                { decoratedText: { topLabel: "Schedule", text: "0 3 * * *" } },
                { decoratedText: { topLabel: "Time Zone", text: "Europe/Riga" } },
                { decoratedText: { topLabel: "Total Pings", text: "1" } },
                { decoratedText: { topLabel: "Last Ping", text: "Failure, now" } },
                { buttonList: { buttons: [{ text: "View in Mychecks", type: "FILLED", onClick: { openLink: { url: `${h.deps.config.siteRoot}/cloaked/${key}/` } } }] } },
              ],
            },
          },
        },
      ],
    });
    assert.ok(!req.text().includes(check.uuid), "the check's UUID stays private");
  });

  it("says how long the downtime lasted when the check recovers", async () => {
    chat.clear();
    await alertDownThenUp(h, await addIntegration(h, "googlechat", `${chat.url}/hook`), { name: "Sync", timeout: 3600 }, 5400);
    const widgets = chat.requests[1].json().cardsV2[0].card.sections.widgets;
    assert.equal(widgets[0].textParagraph.text, "\u{1F7E2} The check <b>Sync</b> is now <b>UP</b>.\nThe downtime lasted 1 hour, 30 minutes.");
    assert.deepEqual(widgets[2], { decoratedText: { topLabel: "Period", text: "1 hour" } });
    assert.deepEqual(widgets[4], { decoratedText: { topLabel: "Last Ping", text: "Success, now" } });
  });

  it("sends a test notification, and records a refusal without disabling", async () => {
    chat.clear();
    const ch = await addIntegration(h, "googlechat", `${chat.url}/hook`);
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(chat.requests[0].json().cardsV2[0].card.sections.widgets[0].textParagraph.text, "\u{1F534} The check <b>TEST</b> is <b>DOWN</b>.");
    chat.replies.push({ status: 500, body: "oops" });
    const { channel } = await alertDown(h, ch);
    assert.equal(channel.last_error, "Received status code 500");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form with the webhook URL", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/googlechat/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.equal((await alice.post(add, { name: "", value: "chat.googleapis.com" })).status, 400);
    assert.ok((await alice.post(add, { name: "", value: `https://x.example/${"a".repeat(990)}` })).text.includes("Ensure this value has at most 1000 characters (it has 1008)."));
    assert.equal((await alice.post(add, { name: "Chat", value: "https://chat.googleapis.com/v1/spaces/AAA/messages?key=k" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Chat").executeTakeFirstOrThrow();
    assert.equal(row.value, "https://chat.googleapis.com/v1/spaces/AAA/messages?key=k");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "googlechat"));
  });

  it("stores create-integration's value as the bare URL", () => {
    assert.deepEqual(integrationValue("googlechat", "https://chat.googleapis.com/v1/spaces/A"), { value: "https://chat.googleapis.com/v1/spaces/A" });
    assert.deepEqual(integrationValue("googlechat", "spaces/A"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});
