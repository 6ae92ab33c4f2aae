// Discord against a fake of Discord's API: the OAuth set-up, alerts through the webhook's
// Slack-compatible endpoint, and Discord's errors.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { call, createCheckVia } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService, type Received } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, channelRow, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { discordWebhookUrl } from "./transport.js";

const ENV = { MONITOR_DISCORD_CLIENT_ID: "1122334455", MONITOR_DISCORD_CLIENT_SECRET: "s3cr3t" };

/** Discord's API: the OAuth token endpoint hands out a webhook that lives on this same fake. */
async function startDiscord(): Promise<FakeService> {
  const discord = await startFakeService();
  discord.on("POST", "/api/oauth2/token", (req) => {
    if (req.form().get("code") !== "good-code") return { status: 400, body: { error: "invalid_grant", error_description: 'Invalid "code" in request.' } };
    return {
      status: 200,
      body: {
        token_type: "Bearer", access_token: "at-1", expires_in: 604800, refresh_token: "rt-1", scope: "webhook.incoming",
        webhook: { application_id: "1122334455", name: "Beacon", url: `${discord.url}/api/webhooks/987/wh-token`, channel_id: "555", token: "wh-token", type: 1, avatar: null, guild_id: "444", id: "987" },
      },
    };
  });
  return discord;
}

const slackEndpoint = (req: Received) => {
  assert.equal(req.method, "POST");
  assert.equal(req.headers["content-type"], "application/json");
  return req.json();
};

describe("Discord set-up through Discord's authorization", () => {
  let h: Harness;
  let discord: FakeService;
  let alice: WebClient;
  let base: string;
  before(async () => {
    discord = await startDiscord();
    h = await startKindHarness({ ...ENV, MONITOR_DISCORD_API_URL: `${discord.url}/api` }, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    base = `/projects/${h.project.uuid}/integrations/`;
    await createCheckVia(h, { name: "One" });
    await createCheckVia(h, { name: "Two" });
  });
  after(async () => {
    await h.close();
    await discord.close();
  });

  /** The authorize URL of the set-up page, and its state. */
  async function connect(client: WebClient = alice): Promise<{ url: URL; state: string }> {
    const page = await client.get(`${base}add/discord/`);
    assert.equal(page.status, 200);
    const href = /<a class="button primary" href="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, "&");
    const url = new URL(href);
    return { url, state: url.searchParams.get("state")! };
  }
  const discordRows = () => h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "discord").execute();

  it("offers Discord and links to Discord's authorize page with the app, scope, redirect URI and a state", async () => {
    assert.match((await alice.get(base)).text, new RegExp(`href="${base}add/discord/"`));
    const { url, state } = await connect();
    assert.equal(`${url.origin}${url.pathname}`, `${discord.url}/api/oauth2/authorize`);
    assert.deepEqual([...url.searchParams.keys()], ["client_id", "scope", "redirect_uri", "response_type", "state"]);
    assert.equal(url.searchParams.get("client_id"), "1122334455");
    assert.equal(url.searchParams.get("scope"), "webhook.incoming");
    assert.equal(url.searchParams.get("redirect_uri"), "https://hc.example.org/integrations/add_discord/");
    assert.equal(url.searchParams.get("response_type"), "code");
    assert.ok(state.length > 20);
  });

  it("trades the code for a webhook and adds the integration to every check, keeping no OAuth token", async () => {
    discord.clear();
    const { state } = await connect();
    const res = await alice.get(`/integrations/add_discord/?code=good-code&state=${state}`);
    assert.equal(res.status, 303);
    assert.equal(res.location, base);
    const [token] = discord.requests;
    assert.equal(token.url, "/api/oauth2/token");
    assert.equal(token.headers["content-type"], "application/x-www-form-urlencoded");
    assert.deepEqual(Object.fromEntries(token.form()), {
      client_id: "1122334455", client_secret: "s3cr3t", code: "good-code", grant_type: "authorization_code", redirect_uri: "https://hc.example.org/integrations/add_discord/",
    });
    const [row] = await discordRows();
    const value = JSON.parse(row.value);
    assert.equal(value.webhook.url, `${discord.url}/api/webhooks/987/wh-token`);
    assert.equal(value.access_token, undefined);
    assert.equal(value.refresh_token, undefined);
    assert.equal((await h.deps.db.selectFrom("check_channels").selectAll().where("channel_id", "=", row.id).execute()).length, 2);
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "", kind: "discord" }]);
  });

  it("says so when the user cancels at Discord, or Discord refuses, and adds nothing", async () => {
    const before = (await discordRows()).length;
    let { state } = await connect();
    assert.match((await alice.visit(`/integrations/add_discord/?error=access_denied&state=${state}`)).text, /Discord setup was cancelled\./);
    discord.replies.push({ status: 400, body: { code: 30007, message: "Maximum number of webhooks reached (15)" } });
    ({ state } = await connect());
    assert.match((await alice.visit(`/integrations/add_discord/?code=good-code&state=${state}`)).text, /Response from Discord: maximum number of webhooks reached\. Integration not added\./);
    for (const reply of [{ status: 400, body: { error: "invalid_grant" } }, { status: 200, body: "surprise" }, { status: 502, body: "<html>bad gateway</html>" }, { status: 200, body: [1] }]) {
      discord.replies.push(reply);
      ({ state } = await connect());
      assert.match((await alice.visit(`/integrations/add_discord/?code=good-code&state=${state}`)).text, /Received an unexpected response from Discord\. Integration not added\./, JSON.stringify(reply));
    }
    assert.equal((await discordRows()).length, before);
  });

  it("refuses a callback it did not start: a forged state, another account's, or a read-only member's", async () => {
    assert.equal((await alice.get("/integrations/add_discord/?code=good-code&state=forged.0.x")).status, 403);
    assert.equal((await alice.get("/integrations/add_discord/?code=good-code")).status, 403);
    const { state } = await connect();
    const mallory = await signedUp(h, "mallory@example.org");
    assert.equal((await mallory.get(`/integrations/add_discord/?code=good-code&state=${state}`)).status, 403);
    await alice.get(`/projects/${h.project.uuid}/settings/`);
    const carol = await signedUp(h, "carol@example.org");
    await alice.post(`/projects/${h.project.uuid}/settings/`, { action: "invite", email: "carol@example.org", role: "ro" });
    assert.equal((await carol.get(`${base}add/discord/`)).status, 403);
  });

  it("refuses a state older than an hour", async () => {
    const { state } = await connect();
    h.clock.advanceSeconds(3601);
    assert.equal((await alice.get(`/integrations/add_discord/?code=good-code&state=${state}`)).status, 403);
  });
});

describe("Discord alerts", () => {
  let h: Harness;
  let discord: FakeService;
  let hook: string;
  before(async () => {
    discord = await startDiscord();
    h = await startKindHarness({ ...ENV, MONITOR_DISCORD_API_URL: `${discord.url}/api` });
    hook = `${discord.url}/api/webhooks/987/wh-token`;
  });
  after(async () => {
    await h.close();
    await discord.close();
  });

  const add = (url = hook) => addIntegration(h, "discord", { webhook: { url, id: "987", name: "Beacon" } });

  it("posts Slack's attachment to the webhook's /slack endpoint, with asterisks escaped for Discord", async () => {
    discord.clear();
    await alertDown(h, await add(), { name: "Cron job", schedule: "*/5 * * * *", tz: "Europe/Riga", tags: "a b" }, { body: "disk *full*" });
    const [req] = discord.requests;
    assert.equal(req.url, "/api/webhooks/987/wh-token/slack");
    const payload = slackEndpoint(req);
    assert.equal(payload.username, "Mychecks");
    const [a] = payload.attachments;
    assert.equal(a.color, "danger");
    assert.equal(a.title, "\u201cCron job\u201d is DOWN.");
    assert.equal(a.fallback, 'The check "Cron job" is DOWN.');
    assert.equal(a.text, "Reason: received a failure signal.");
    const fields = Object.fromEntries(a.fields.map((f: { title: string; value: string }) => [f.title, f.value]));
    assert.equal(fields.Schedule, "\\*/5 \\* \\* \\* \\*");
    assert.equal(fields["Time Zone"], "Europe/Riga");
    assert.equal(fields.Tags, "`a` `b`");
    assert.equal(fields["Last Ping"], "Failure, now");
    assert.equal(fields["Last Ping Body"], "```\ndisk *full*\n```");
  });

  it("says when a check is up again, in green, with the downtime", async () => {
    discord.clear();
    await alertDownThenUp(h, await add(), { name: "Nightly" }, 3660);
    const up = slackEndpoint(discord.requests[1]).attachments[0];
    assert.equal(up.color, "good");
    assert.equal(up.title, "\u201cNightly\u201d is UP.");
    assert.equal(up.text, "The downtime lasted 1 hour, 1 minute.");
  });

  it("sends a test notification", async () => {
    discord.clear();
    assert.deepEqual(await sendTest(h, await add()), { kind: "sent" });
    assert.equal(slackEndpoint(discord.requests[0]).attachments[0].title, "\u201cTEST\u201d is DOWN.");
  });

  it("disables the integration when the webhook is gone (404), without retrying", async () => {
    discord.clear();
    discord.replies.push({ status: 404, body: { message: "Unknown Webhook", code: 10015 } });
    const { channel } = await alertDown(h, await add(`${discord.url}/api/webhooks/1/deleted`));
    assert.equal(channel.disabled, 1);
    assert.equal(channel.last_error, "Received status code 404");
    h.clock.advanceSeconds(120);
    await runAlertCycle(h.deps);
    assert.equal(discord.requests.length, 1);
  });

  it("retries other refusals (a rate limit, a server error) and keeps the integration", async () => {
    discord.clear();
    discord.replies.push({ status: 429, body: { message: "You are being rate limited.", retry_after: 0.5, global: false } });
    const { channel } = await alertDown(h, await add());
    assert.equal(channel.disabled, 0);
    assert.equal(channel.last_error, "Received status code 429");
    h.clock.advanceSeconds(11);
    await runAlertCycle(h.deps);
    assert.equal((await channelRow(h, channel)).last_error, "");
    assert.equal(discord.requests.length, 2);
  });

  it("sends old discordapp.com webhooks to discord.com", () => {
    assert.equal(discordWebhookUrl('{"webhook": {"url": "https://discordapp.com/api/webhooks/1/x"}}'), "https://discord.com/api/webhooks/1/x");
    assert.equal(discordWebhookUrl('{"webhook": {"url": "https://discord.com/api/webhooks/1/x"}}'), "https://discord.com/api/webhooks/1/x");
  });

  it("takes a webhook URL or the stored JSON as create-integration's value", () => {
    assert.deepEqual(integrationValue("discord", "https://discord.com/api/webhooks/1/x"), { value: '{"webhook":{"url":"https://discord.com/api/webhooks/1/x"}}' });
    assert.deepEqual(integrationValue("discord", '{"webhook": {"url": "https://discord.com/api/webhooks/1/x", "id": "1"}}'), { value: '{"webhook":{"url":"https://discord.com/api/webhooks/1/x","id":"1"}}' });
    assert.deepEqual(integrationValue("discord", '{"url": "https://discord.com/api/webhooks/1/x"}'), { error: '--value must be a webhook URL or {"webhook": {"url": …}}' });
    assert.deepEqual(integrationValue("discord", "discord.com/x"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});

describe("Discord without a Discord application", () => {
  let h: Harness;
  let alice: WebClient;
  before(async () => {
    h = await startKindHarness({ MONITOR_DISCORD_CLIENT_ID: "1122334455" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(() => h.close());

  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/discord\//);
    assert.equal((await alice.get(`${base}add/discord/`)).status, 404);
    assert.equal((await alice.get("/integrations/add_discord/?code=good-code&state=x")).status, 404);
    assert.equal(unavailableReason(kindOf("discord")!, h.deps.config), "Discord integrations are off on this server: set MONITOR_DISCORD_CLIENT_SECRET.");
  });
});
