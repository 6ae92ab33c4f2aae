// Trello against a fake of Trello's API: the set-up (authorize, the boards and lists, the
// list picked) and the card added when a check goes down.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const LIST = "5f1e0c9d8b7a6f5e4d3c2b1a";
const BOARDS = [
  { id: "b1", name: "Ops <team>", lists: [{ id: LIST, name: "Incidents" }] },
  { id: "b2", name: "Empty", lists: [] },
];

describe("Trello set-up through Trello's authorization", () => {
  let h: Harness;
  let trello: FakeService;
  let alice: WebClient;
  before(async () => {
    trello = await startFakeService({ status: 200, body: BOARDS });
    h = await startKindHarness({ MONITOR_TRELLO_APP_KEY: "app-key", MONITOR_TRELLO_API_URL: trello.url, MONITOR_TRELLO_WEB_URL: "https://trello.example" }, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await trello.close();
  });

  it("links to Trello's authorize page, lists the boards for the token, and stores the list picked", async () => {
    const base = `/projects/${h.project.uuid}`;
    const page = await alice.get(`${base}/integrations/add/trello/`);
    const url = new URL(/<a class="button primary" href="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, "&"));
    assert.equal(`${url.origin}${url.pathname}`, "https://trello.example/1/authorize");
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      expiration: "never", name: "Mychecks", scope: "read,write", response_type: "token", key: "app-key", return_url: `https://hc.example.org${base}/add_trello/`,
    });

    const back = await alice.get(`${base}/add_trello/`);
    assert.equal(back.status, 200);
    assert.match(back.text, /action="\/integrations\/add_trello\/settings\/"/);
    trello.clear();
    const lists = await alice.post("/integrations/add_trello/settings/", { project: h.project.uuid, token: "t0ken" });
    const [req] = trello.requests;
    assert.equal(req.method, "GET");
    assert.equal(req.url, "/1/members/me/boards?key=app-key&token=t0ken&filter=open&fields=id%2Cname&lists=open&list_fields=id%2Cname");
    assert.match(lists.text, /Authentication successful!/);
    assert.match(lists.text, /<optgroup label="Ops &lt;team&gt;">/);
    const choice = /<option value="([^"]+)">Incidents<\/option>/.exec(lists.text)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">");

    assert.equal((await alice.post(`${base}/add_trello/`, { token: "t0ken", list: JSON.stringify({ board_name: "b", list_name: "l", list_id: "nothex" }) })).status, 400);
    assert.equal((await alice.post(`${base}/add_trello/`, { token: "", list: choice })).status, 400);
    assert.equal((await alice.post(`${base}/add_trello/`, { token: "t0ken", list: choice })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "trello").executeTakeFirstOrThrow();
    assert.equal(row.value, `{"board_name":"Ops <team>","list_id":"${LIST}","list_name":"Incidents","token":"t0ken"}`);
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "", kind: "trello" }]);
  });

  it("says when the account has no lists, or Trello answers oddly", async () => {
    trello.replies.push({ status: 200, body: [{ id: "b2", name: "Empty", lists: [] }] });
    assert.match((await alice.post("/integrations/add_trello/settings/", { project: h.project.uuid, token: "t" })).text, /Could not find any boards with lists in your Trello account\./);
    trello.replies.push({ status: 401, body: "invalid token" });
    assert.match((await alice.post("/integrations/add_trello/settings/", { project: h.project.uuid, token: "t" })).text, /Received an unexpected response from Trello\./);
    assert.equal((await alice.post("/integrations/add_trello/settings/", { project: "nope", token: "t" })).status, 400);
  });
});

describe("Trello cards", () => {
  let h: Harness;
  let trello: FakeService;
  before(async () => {
    trello = await startFakeService({ status: 200, body: { id: "card1" } });
    h = await startKindHarness({ MONITOR_TRELLO_APP_KEY: "app-key", MONITOR_TRELLO_API_URL: trello.url }, { siteRoot: "https://hc.example.org" });
  });
  after(async () => {
    await h.close();
    await trello.close();
  });

  const add = () => addIntegration(h, "trello", { board_name: "Ops", list_id: LIST, list_name: "Incidents", token: "t0ken" });
  const key = async (uuid: string) => (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", uuid).executeTakeFirstOrThrow()).unique_key;

  it("adds a card to the list with the fields in the query string", async () => {
    trello.clear();
    const { check } = await alertDown(h, await add(), { name: "Backups", desc: "Nightly *dump*", timeout: 3600 });
    const [req] = trello.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.body.length, 0);
    const url = new URL(req.url, trello.url);
    assert.equal(url.pathname, "/1/cards");
    assert.deepEqual([...url.searchParams.keys()], ["idList", "name", "desc", "key", "token"]);
    assert.equal(url.searchParams.get("idList"), LIST);
    assert.equal(url.searchParams.get("name"), "Down: Backups");
    assert.equal(url.searchParams.get("key"), "app-key");
    assert.equal(url.searchParams.get("token"), "t0ken");
    assert.equal(url.searchParams.get("desc"), `Nightly *dump*\n\n\n**Period:** 1 hour\n\n\n\n\n**Last Ping:** now\n\n[Full Details @ Mychecks](https://hc.example.org/cloaked/${await key(check.uuid)}/)`);
  });

  it("writes a schedule without a description, adds nothing when a check comes back up, and sends a test notification", async () => {
    trello.clear();
    const ch = await add();
    await alertDownThenUp(h, ch, { name: "Cron", schedule: "0 * * * *", tz: "Europe/Riga" });
    assert.equal(trello.requests.length, 1);
    const desc = new URL(trello.requests[0].url, trello.url).searchParams.get("desc")!;
    assert.match(desc, /^\*\*Schedule:\*\* `0 \* \* \* \*`\n\n\*\*Time Zone:\*\* Europe\/Riga\n\n\n\*\*Last Ping:\*\* /);
    trello.clear();
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(new URL(trello.requests[0].url, trello.url).searchParams.get("name"), "Down: TEST");
  });

  it("reports a refusal with its status code and retries it", async () => {
    trello.clear();
    trello.replies.push({ status: 401, body: "invalid token" });
    const { channel } = await alertDown(h, await add());
    assert.equal(channel.last_error, "Received status code 401");
    assert.equal(channel.disabled, 0);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("trello", `{"token": "t", "list_id": "${LIST}", "board_name": "B", "list_name": "L"}`), { value: `{"board_name":"B","list_id":"${LIST}","list_name":"L","token":"t"}` });
    assert.deepEqual(integrationValue("trello", '{"token": "t", "list_id": "xyz"}'), { error: "list_id must be a Trello list id (16 to 32 hex digits)" });
    assert.deepEqual(integrationValue("trello", `{"list_id": "${LIST}"}`), { error: "token must be a non-empty string" });
  });
});

describe("Trello without an API key", () => {
  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const h = await startKindHarness();
    try {
      const alice = await signedUp(h, "alice@example.org");
      const base = `/projects/${h.project.uuid}`;
      assert.doesNotMatch((await alice.get(`${base}/integrations/`)).text, /add\/trello\//);
      assert.equal((await alice.get(`${base}/integrations/add/trello/`)).status, 404);
      assert.equal((await alice.get(`${base}/add_trello/`)).status, 404);
      assert.equal(unavailableReason(kindOf("trello")!, h.deps.config), "Trello integrations are off on this server: set MONITOR_TRELLO_APP_KEY.");
    } finally {
      await h.close();
    }
  });
});
