import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badgeUrls } from "../../src/lib/badges.js";
import { createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("badges page", () => {
  let h: Harness;
  let alice: WebClient;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    await createCheckVia(h, { name: "a", tags: "prod web" });
  });
  after(() => h.close());

  it("lists the signed badge URLs for all checks and for each tag", async () => {
    const page = await alice.get(`/projects/${h.project.uuid}/badges/`);
    assert.equal(page.status, 200);
    for (const tag of ["*", "prod", "web"]) {
      const urls = badgeUrls(h.deps.config.siteRoot, h.project.badge_key, tag, h.deps.secretKey);
      assert.ok(page.text.includes(urls.svg), tag);
      assert.ok(page.text.includes(urls.shields), tag);
    }
  });

  it("switches to the three-state badges", async () => {
    const page = await alice.get(`/projects/${h.project.uuid}/badges/?late=1`);
    const urls = badgeUrls(h.deps.config.siteRoot, h.project.badge_key, "prod", h.deps.secretKey);
    assert.ok(page.text.includes(urls.json3));
  });

  it("serves the previewed badge image from the badge route", async () => {
    const page = await alice.get(`/projects/${h.project.uuid}/badges/`);
    const src = /<img src="([^"]+)"/.exec(page.text)![1];
    const res = await h.app.inject({ method: "GET", url: src });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers["content-type"] as string, /svg/);
  });
});
