// GitHub against a fake of GitHub (its OAuth endpoints and REST API): the set-up through the
// app's authorization, issues opened as the installation, and GitHub's refusals.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createVerify, generateKeyPairSync } from "node:crypto";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { startFakeService, type FakeService, type Received } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const ENV = { MONITOR_GITHUB_CLIENT_ID: "Iv1.app", MONITOR_GITHUB_CLIENT_SECRET: "gh-secret", MONITOR_GITHUB_PRIVATE_KEY: privateKey.replace(/\n/g, "\\n"), MONITOR_GITHUB_PUBLIC_LINK: "https://github.example/apps/beacon" };

/** The app's JWT, checked against the app's public key; its claims. */
function appClaims(req: Received): { iat: number; exp: number; iss: string } | null {
  const [h, p, s] = (req.headers.authorization ?? "").replace(/^Bearer /, "").split(".");
  if (!s || !createVerify("RSA-SHA256").update(`${h}.${p}`).verify(publicKey, Buffer.from(s, "base64url"))) return null;
  assert.deepEqual(JSON.parse(Buffer.from(h, "base64url").toString()), { alg: "RS256", typ: "JWT" });
  return JSON.parse(Buffer.from(p, "base64url").toString());
}

async function startGitHub(): Promise<FakeService> {
  const gh = await startFakeService({ status: 201, body: { id: 1, number: 7 } });
  gh.on("POST", "/login/oauth/access_token", (req) => (req.form().get("code") === "good" ? { status: 200, body: { access_token: "ghu_user", token_type: "bearer" } } : { status: 200, body: { error: "bad_verification_code" } }));
  gh.on("GET", "/user/installations", (req) =>
    req.headers.authorization === "Bearer ghu_user" ? { status: 200, body: { total_count: 2, installations: [{ id: 11 }, { id: 22 }] } } : { status: 401, body: { message: "Bad credentials" } },
  );
  gh.on("GET", "/user/installations/11/repositories", { status: 200, body: { repositories: [{ full_name: "alice/web" }] } });
  gh.on("GET", "/user/installations/22/repositories", { status: 200, body: { repositories: [{ full_name: "acme/api" }] } });
  gh.on("POST", "/app/installations/:id/access_tokens", (req, { id }) => {
    if (!appClaims(req)) return { status: 401, body: { message: "A JSON web token could not be decoded" } };
    return id === "404" ? { status: 404, body: { message: "Not Found" } } : { status: 201, body: { token: `ghs_inst${id}`, expires_at: "2030-01-01T00:00:00Z" } };
  });
  return gh;
}

describe("GitHub set-up through the GitHub app's authorization", () => {
  let h: Harness;
  let gh: FakeService;
  let alice: WebClient;
  let base: string;
  before(async () => {
    gh = await startGitHub();
    h = await startKindHarness({ ...ENV, MONITOR_GITHUB_WEB_URL: gh.url, MONITOR_GITHUB_API_URL: gh.url });
    alice = await signedUp(h, "alice@example.org");
    base = `/projects/${h.project.uuid}/integrations/`;
  });
  after(async () => {
    await h.close();
    await gh.close();
  });

  async function connect(): Promise<string> {
    const page = await alice.get(`${base}add/github/`);
    assert.equal(page.status, 200);
    const url = new URL(/<a class="button primary" href="([^"]+)">/.exec(page.text)![1].replace(/&amp;/g, "&"));
    assert.equal(`${url.origin}${url.pathname}`, `${gh.url}/login/oauth/authorize`);
    assert.deepEqual([...url.searchParams.keys()], ["client_id", "state"]);
    assert.equal(url.searchParams.get("client_id"), "Iv1.app");
    return url.searchParams.get("state")!;
  }
  const rows = () => h.deps.db.selectFrom("channels").selectAll().where("kind", "=", "github").execute();

  it("trades the code for the user's token, offers the repositories of the app's installations, and stores the one picked", async () => {
    gh.clear();
    const page = await alice.get(`/integrations/add_github/?code=good&state=${await connect()}`);
    assert.equal(page.status, 200);
    const [token, installations] = gh.requests;
    assert.equal(token.method, "POST");
    assert.equal(token.url, "/login/oauth/access_token");
    assert.equal(token.headers.accept, "application/vnd.github+json");
    assert.deepEqual(Object.fromEntries(token.form()), { client_id: "Iv1.app", client_secret: "gh-secret", code: "good" });
    assert.equal(installations.headers.authorization, "Bearer ghu_user");
    assert.deepEqual([...page.text.matchAll(/<option>([^<]+)<\/option>/g)].map((m) => m[1]), ["acme/api", "alice/web"]);
    assert.doesNotMatch(page.text, /ghu_user/);
    const grant = /name="grant" value="([^"]+)"/.exec(page.text)![1];

    const saved = await alice.post(`/projects/${h.project.uuid}/add_github/save/`, { grant, repo_name: "acme/api", labels: "ops, , beacon " });
    assert.equal(saved.status, 303);
    const [row] = await rows();
    assert.equal(row.name, "acme/api");
    assert.equal(row.value, '{"installation_id":22,"repo":"acme/api","labels":["ops","beacon"]}');
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.deepEqual(listed.json.channels, [{ id: row.uuid, name: "acme/api", kind: "github" }]);

    assert.equal((await alice.post(`/projects/${h.project.uuid}/add_github/save/`, { grant, repo_name: "someone/else" })).status, 403);
    assert.equal((await alice.post(`/projects/${h.project.uuid}/add_github/save/`, { grant: "forged", repo_name: "acme/api" })).status, 403);
    h.clock.advanceSeconds(3601);
    assert.equal((await alice.post(`/projects/${h.project.uuid}/add_github/save/`, { grant, repo_name: "acme/api" })).status, 403);
    assert.equal((await rows()).length, 1);
  });

  it("says so when the user cancels, GitHub refuses the code, or access was revoked", async () => {
    assert.match((await alice.visit(`/integrations/add_github/?error=access_denied&state=${await connect()}`)).text, /GitHub setup was cancelled\./);
    assert.match((await alice.visit(`/integrations/add_github/?code=bad&state=${await connect()}`)).text, /Received an unexpected response from GitHub\. Integration not added\./);
    let state = await connect();
    gh.replies.push({ status: 200, body: { access_token: "ghu_revoked" } });
    assert.match((await alice.visit(`/integrations/add_github/?code=good&state=${state}`)).text, /GitHub setup failed, GitHub access was revoked\./);
    state = await connect();
    gh.replies.push({ status: 200, body: { access_token: "ghu_new" } }, { status: 200, body: { total_count: 0, installations: [] } });
    const none = await alice.get(`/integrations/add_github/?code=good&state=${state}`);
    assert.equal(none.status, 303);
    assert.equal(none.location, "https://github.example/apps/beacon/installations/new");
    assert.equal((await alice.visit(`/integrations/add_github/?state=${await connect()}`)).status, 400);
    assert.equal((await alice.get("/integrations/add_github/?code=good&state=forged")).status, 403);
  });
});

describe("GitHub issues", () => {
  let h: Harness;
  let gh: FakeService;
  before(async () => {
    gh = await startGitHub();
    h = await startKindHarness({ ...ENV, MONITOR_GITHUB_API_URL: gh.url }, { siteRoot: "https://hc.example.org" });
  });
  after(async () => {
    await h.close();
    await gh.close();
  });

  const add = (installation = 22, repo = "acme/api") => addIntegration(h, "github", { installation_id: installation, repo, labels: ["ops", "beacon"] });

  it("opens an issue as the app's installation, with the labels and the check's details", async () => {
    gh.clear();
    const { check } = await alertDown(h, await add(), { name: "DB <Backup>", tags: "foo bar", timeout: 86400 }, { body: "Hello <World>" });
    const [tokenReq, issue] = gh.requests;
    assert.equal(tokenReq.url, "/app/installations/22/access_tokens");
    const claims = appClaims(tokenReq)!;
    assert.equal(claims.iss, "Iv1.app");
    assert.equal(claims.exp - claims.iat, 600);
    assert.equal(issue.method, "POST");
    assert.equal(issue.url, "/repos/acme/api/issues");
    assert.equal(issue.headers.authorization, "Bearer ghs_inst22");
    assert.equal(issue.headers["content-type"], "application/json");
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.deepEqual(issue.json(), {
      title: "DB <Backup> is DOWN",
      body: [
        `The check [DB &lt;Backup&gt;](https://hc.example.org/cloaked/${key}/) is **DOWN** (received a failure signal).`,
        "",
        "**Project:** Alices",
        "**Tags:** `foo` `bar` ",
        "**Period:** 1 day",
        "**Total Pings:** 1",
        "**Last Ping:** Failure, now",
        "**Last Ping Body:**",
        "<pre>Hello &lt;World&gt;</pre>",
      ].join("\n"),
      labels: ["ops", "beacon"],
    });
  });

  it("opens nothing when a check comes back up, leaves out a body with a code fence, and sends a test notification", async () => {
    gh.clear();
    const ch = await add();
    await alertDownThenUp(h, ch, { name: "Nightly" });
    assert.equal(gh.requests.filter((r) => r.url.endsWith("/issues")).length, 1);
    gh.clear();
    await alertDown(h, ch, { schedule: "* * * * MON-FRI", tz: "Europe/Riga" }, { body: "```oops```" });
    const body = gh.requests[1].json().body;
    assert.match(body, /\*\*Schedule:\*\* `\* \* \* \* MON-FRI`\n\*\*Time Zone:\*\* Europe\/Riga\n/);
    assert.doesNotMatch(body, /Last Ping Body/);
    gh.clear();
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(gh.requests[1].json().title, "TEST is DOWN");
  });

  it("reports an uninstalled app, disables on 410 and retries other refusals", async () => {
    gh.clear();
    assert.equal((await alertDown(h, await add(404, "gone/repo"))).channel.last_error, "GitHub denied access to gone/repo");
    gh.on("POST", "/repos/acme/archived/issues", { status: 410, body: { message: "Issues are disabled for this repo" } });
    const archived = await alertDown(h, await add(22, "acme/archived"));
    assert.equal(archived.channel.last_error, "Received status code 410");
    assert.equal(archived.channel.disabled, 1);
    gh.on("POST", "/repos/acme/locked/issues", { status: 403, body: { message: "Resource not accessible by integration" } });
    const locked = await alertDown(h, await add(22, "acme/locked"));
    assert.equal(locked.channel.last_error, "Received status code 403");
    assert.equal(locked.channel.disabled, 0);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("github", '{"installation_id": 5, "repo": "a/b"}'), { value: '{"installation_id":5,"repo":"a/b","labels":[]}' });
    assert.deepEqual(integrationValue("github", '{"installation_id": "5", "repo": "a/b"}'), { error: "installation_id must be the GitHub app installation's id (a positive whole number)" });
    for (const repo of ["a", "../..", "a/..", "a/b/c"]) assert.deepEqual(integrationValue("github", JSON.stringify({ installation_id: 5, repo })), { error: 'repo must be "owner/name"' }, repo);
    assert.deepEqual(integrationValue("github", '{"installation_id": 5, "repo": "a/b", "labels": "x"}'), { error: "labels must be a list of label names" });
  });
});

describe("GitHub without an app", () => {
  it("is not offered, its pages are not found, and create-integration says what to set", async () => {
    const h = await startKindHarness({ MONITOR_GITHUB_CLIENT_ID: "Iv1.app", MONITOR_GITHUB_CLIENT_SECRET: "s" });
    try {
      const alice = await signedUp(h, "alice@example.org");
      const base = `/projects/${h.project.uuid}/integrations/`;
      assert.doesNotMatch((await alice.get(base)).text, /add\/github\//);
      assert.equal((await alice.get(`${base}add/github/`)).status, 404);
      assert.equal((await alice.get("/integrations/add_github/?code=good&state=x")).status, 404);
      assert.equal(unavailableReason(kindOf("github")!, h.deps.config), "GitHub integrations are off on this server: set MONITOR_GITHUB_PRIVATE_KEY and MONITOR_GITHUB_PUBLIC_LINK.");
    } finally {
      await h.close();
    }
  });
});
