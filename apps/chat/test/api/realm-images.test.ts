import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { badRequest, basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue, withoutIds } from "../events/support.js";
import { fetchRaw, imageSize, solidImage, upload } from "./images-support.js";

describe("POST and DELETE /realm/icon and /realm/logo", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let member: Account;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "beacon-realm-images-"));
    t = await chatTest({ config: { uploadsDir: dir } });
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const realmState = async () => (await t.call(member, "POST", "/register", { fetch_event_types: ["realm"] })).body;

  it("serves a default icon where realm_icon_url points before anyone uploads one", async () => {
    const state = await realmState();
    assert.equal(state.realm_icon_source, "G");
    const icon = await fetchRaw(t, null, state.realm_icon_url, owner.host);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers["content-type"], "image/png");
    assert.deepEqual(await imageSize(icon.body), { format: "png", width: 128, height: 128, pages: 1 });
    const settings = (await t.call(null, "GET", "/server_settings", {}, { host: owner.host })).body;
    assert.equal(settings.realm_icon, `http://${owner.host}:9991${state.realm_icon_url}`);
  });

  it("resizes an uploaded icon to a 100 px square and tells everyone its URL", async () => {
    const queue = await registerQueue(t, member, { event_types: ["realm"] });
    const res = await upload(t, owner, "POST", "/realm/icon", [{ data: await solidImage(300, 200) }]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.icon_url, new RegExp(`^/user_avatars/${owner.realmId}/realm/icon\\.png\\?version=1$`));
    assert.deepEqual(withoutIds(await nextEvents(t, member, queue)), [{ type: "realm", op: "update_dict", property: "icon", data: { icon_url: res.body.icon_url, icon_source: "U" } }]);
    const served = await fetchRaw(t, member, res.body.icon_url);
    assert.equal(served.status, 200);
    assert.deepEqual(await imageSize(served.body), { format: "png", width: 100, height: 100, pages: 1 });
    const state = await realmState();
    assert.deepEqual([state.realm_icon_url, state.realm_icon_source], [res.body.icon_url, "U"]);
    // Back to the default, under a new version.
    const removed = await t.call(owner, "DELETE", "/realm/icon");
    assert.deepEqual(removed.body, { result: "success", msg: "", icon_url: "/static/images/default-realm-icon.png?version=2" });
  });

  it("fits logos within 800×100 px, day and night apart", async () => {
    assert.equal((await upload(t, owner, "POST", "/realm/logo?night=false", [{ data: await solidImage(1600, 400) }])).status, 200);
    let state = await realmState();
    assert.equal(state.realm_logo_source, "U");
    assert.equal(state.realm_night_logo_source, "D");
    assert.deepEqual(await imageSize((await fetchRaw(t, member, state.realm_logo_url)).body), { format: "png", width: 400, height: 100, pages: 1 });
    // A small logo is not enlarged.
    assert.equal((await upload(t, owner, "POST", "/realm/logo?night=true", [{ data: await solidImage(50, 20) }])).status, 200);
    state = await realmState();
    assert.equal(state.realm_night_logo_source, "U");
    assert.deepEqual(await imageSize((await fetchRaw(t, member, state.realm_night_logo_url)).body), { format: "png", width: 50, height: 20, pages: 1 });
    assert.deepEqual((await t.call(owner, "DELETE", "/realm/logo", { night: true })).body, { result: "success", msg: "" });
    state = await realmState();
    assert.deepEqual([state.realm_night_logo_source, state.realm_night_logo_url, state.realm_logo_source], ["D", "/static/images/default-realm-icon.png?version=0", "U"]);
  });

  it("refuses members, a missing or extra file, and files that are no image", async () => {
    const image = await solidImage(10, 10);
    assert.deepEqual((await upload(t, member, "POST", "/realm/icon", [{ data: image }])).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.deepEqual((await t.call(member, "DELETE", "/realm/logo", { night: "not json" })).body.msg, "Must be an organization administrator", "the role comes before the parameters");
    assert.deepEqual((await upload(t, member, "POST", "/realm/logo?night=false", [{ data: image }])).body.msg, "Must be an organization administrator");
    assert.deepEqual((await upload(t, owner, "POST", "/realm/icon", [])).body, badRequest("You must upload exactly one icon."));
    assert.deepEqual((await upload(t, owner, "POST", "/realm/logo?night=false", [{ data: image }, { data: image }])).body, badRequest("You must upload exactly one logo."));
    // Zulip requires `night`, also to remove the day logo.
    assert.deepEqual((await upload(t, owner, "POST", "/realm/logo", [{ data: image }])).body, { result: "error", msg: "Missing 'night' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "night" });
    assert.deepEqual((await t.call(owner, "DELETE", "/realm/logo")).body, { result: "error", msg: "Missing 'night' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "night" });
    const broken = await upload(t, owner, "POST", "/realm/icon", [{ data: Buffer.concat([image.subarray(0, 40), Buffer.alloc(40)]) }]);
    assert.deepEqual(broken.body, { result: "error", msg: "Could not decode image; did you upload an image file?", code: "BAD_IMAGE" });
  });

  it("redirects GET /realm/icon and /realm/logo to the current images, keeping the query string", async () => {
    const state = await realmState();
    const icon = await t.call(member, "GET", "/realm/icon");
    assert.equal(icon.status, 302);
    assert.equal(icon.headers.location, state.realm_icon_url);
    const logo = await t.app.inject({ method: "GET", url: "/api/v1/realm/logo?night=false&size=large", headers: { host: member.host, authorization: basic(member.email, member.apiKey) } });
    assert.equal(logo.statusCode, 302);
    assert.equal(logo.headers.location, `${state.realm_logo_url}&night=false&size=large`);
    const night = await t.call(member, "GET", "/realm/logo", { night: true });
    assert.equal(night.headers.location, "/static/images/default-realm-icon.png?version=0&night=true");
    assert.deepEqual((await t.call(member, "GET", "/realm/logo")).body.code, "REQUEST_VARIABLE_MISSING");
    assert.equal((await t.call(null, "GET", "/realm/icon", {}, { host: owner.host })).status, 401);
  });
});
