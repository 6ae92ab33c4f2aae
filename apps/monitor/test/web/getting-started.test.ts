// Getting started on a check's page (usage examples with its own URL, the e-mail address when
// inbound e-mail is on), badge snippets, and filtering rules set from the dashboard.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("getting started and filtering rules", () => {
  let h: Harness;
  let alice: WebClient;
  let bob: WebClient;
  let uuid: string;

  before(async () => {
    h = await startHarness({ smtpdPort: "2525", pingEmailDomain: "hc.example.org", siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
    bob = await signedUp(h, "bob@example.org");
    uuid = (await createCheckVia(h, { name: "Backups", tags: "prod" })).uuid;
  });
  after(() => h.close());

  it("shows usage examples in nine languages with the check's own ping URL, and its e-mail address", async () => {
    const page = await alice.get(`/checks/${uuid}/details/`);
    const url = `https://hc.example.org/ping/${uuid}`;
    for (const label of ["Crontab", "Bash", "Python", "Node.js", "Go", "PowerShell", "Ruby", "PHP", "C#"]) assert.match(page.text, new RegExp(`role="tab"[^>]*>${label.replace(".", "\\.")}</button>`));
    assert.match(page.text, new RegExp(`8 6 \\* \\* \\* /home/user/backup.sh &amp;&amp; curl -fsS -m 10 --retry 5 -o /dev/null ${url}`));
    assert.match(page.text, new RegExp(`urllib.request.urlopen\\(&quot;${url}&quot;, timeout=10\\)`));
    assert.match(page.text, new RegExp(`<code id="ping-email">${uuid}@hc.example.org</code>`));
  });

  it("offers Markdown, HTML and image URL snippets for each badge, with copy buttons", async () => {
    const page = await alice.get(`/projects/${h.project.uuid}/badges/`);
    assert.match(page.text, /<code id="b1-md">!\[prod status\]\(https:\/\/hc\.example\.org\/badge\/[^)]+\/prod\.svg\)<\/code><button type="button" class="small" data-copy-target="#b1-md">Copy<\/button>/);
    assert.match(page.text, /<code id="b0-html">&lt;img src=&quot;https:\/\/hc\.example\.org\/badge\/[^&]+\.svg&quot; alt=&quot;All checks status&quot;&gt;<\/code>/);
  });

  it("saves filtering rules, which the API then reports", async () => {
    await alice.get(`/checks/${uuid}/details/`);
    const res = await alice.submit(`/checks/${uuid}/filtering/`, { methods: "POST", filter_http_body: "1", success_kw: " SUCCESS ", failure_kw: "ERROR, FAILED", start_kw: "", filter_default_fail: "1", manual_resume: "1" });
    assert.equal(res.posted, 303);
    assert.match(res.text, /Filtering rules saved\./);
    assert.match(res.text, /Only POST requests ping/);
    const api = await call(h.app, "GET", `/api/v3/checks/${uuid}`, { key: h.keys.api_key });
    assert.equal(api.json.methods, "POST");
    assert.equal(api.json.filter_http_body, true);
    assert.equal(api.json.success_kw, "SUCCESS");
    assert.equal(api.json.failure_kw, "ERROR, FAILED");
    assert.equal(api.json.filter_default_fail, true);
    assert.equal(api.json.manual_resume, true);
    const long = await alice.post(`/checks/${uuid}/filtering/`, { methods: "GET", success_kw: "x".repeat(201) });
    assert.equal(long.status, 400);
    assert.match(long.text, /<li>Choose which HTTP methods ping the check\.<\/li><li>The success keywords are too long/);
    assert.equal((await checkRow(h, uuid)).methods, "POST");
    await bob.get("/projects/");
    assert.equal((await bob.post(`/checks/${uuid}/filtering/`, { methods: "" })).status, 404);
  });
});
