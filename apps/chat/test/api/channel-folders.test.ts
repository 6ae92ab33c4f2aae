import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, recipients, type Capture } from "../events/support.js";
import { ROLE_ADMINISTRATOR, ROLE_MODERATOR } from "../../src/lib/roles.js";

describe("channel folders: POST /channel_folders/create, GET and PATCH /channel_folders, PATCH /channel_folders/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let moderator: Account;
  let member: Account;
  let events: Capture;
  const folders = async (who: Account, params = {}) => (await t.call(who, "GET", "/channel_folders", params)).body.channel_folders;
  const folderEvents = async () => {
    await t.deps.events.flush();
    const out = events.of("channel_folder").map((n) => ({ event: n.event, users: recipients(n) }));
    events.clear();
    return out;
  };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    moderator = await t.user(owner, { role: ROLE_MODERATOR });
    member = await t.user(owner);
    events = capture(t);
  });
  after(() => t.close());

  it("creates a folder with a rendered description and tells everyone in the organization", async () => {
    const res = await t.call(admin, "POST", "/channel_folders/create", { name: " Frontend ", description: "Channels for <b>frontend</b>" });
    assert.equal(res.status, 200);
    const id = res.body.channel_folder_id;
    assert.equal(typeof id, "number");
    const expected = {
      id,
      name: "Frontend",
      description: "Channels for <b>frontend</b>",
      rendered_description: "<p>Channels for &lt;b&gt;frontend&lt;/b&gt;</p>",
      order: 0,
      date_created: Math.floor(t.clock.now().getTime() / 1000),
      creator_id: admin.id,
      is_archived: false,
    };
    assert.deepEqual(await folders(member), [expected]);
    assert.deepEqual(await folderEvents(), [{ event: { type: "channel_folder", op: "add", channel_folder: expected }, users: [owner.id, admin.id, moderator.id, member.id].sort((a, b) => a - b) }]);
  });

  it("accepts an empty description and orders new folders after the others", async () => {
    const res = await t.call(owner, "POST", "/channel_folders/create", { name: "Backend", description: "" });
    const [, backend] = await folders(owner);
    assert.deepEqual([backend.id, backend.name, backend.description, backend.rendered_description, backend.order], [res.body.channel_folder_id, "Backend", "", "", 1]);
    assert.deepEqual((await folderEvents()).map((e) => e.event.op), ["add"]);
  });

  it("refuses empty, duplicate, too long and unprintable names, and a missing name", async () => {
    const create = (params: Record<string, unknown>) => t.call(owner, "POST", "/channel_folders/create", params);
    assert.deepEqual((await create({ name: "  ", description: "" })).body, badRequest("Channel folder name can't be empty."));
    assert.deepEqual((await create({ name: "frontend", description: "" })).body, badRequest("Channel folder name already in use"));
    assert.deepEqual((await create({ name: "x".repeat(61), description: "" })).body, badRequest("name is too long (limit: 60 characters)"));
    assert.deepEqual((await create({ name: "a\u0001b", description: "" })).body, badRequest("Invalid character in channel folder name, at position 2."));
    assert.deepEqual((await create({ name: "Docs", description: "d".repeat(1025) })).body, badRequest("description is too long (limit: 1024 characters)"));
    const missing = await create({ description: "" });
    assert.deepEqual([missing.status, missing.body.msg, missing.body.code], [400, "Missing 'name' argument", "REQUEST_VARIABLE_MISSING"]);
    assert.deepEqual(await folderEvents(), []);
  });

  it("is for administrators only, while everyone may list the folders", async () => {
    const unauthorized = { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" };
    for (const who of [moderator, member]) {
      const create = await t.call(who, "POST", "/channel_folders/create", { name: "Mine", description: "" });
      assert.deepEqual([create.status, create.body], [400, unauthorized]);
      const [first] = await folders(who);
      assert.deepEqual((await t.call(who, "PATCH", `/channel_folders/${first.id}`, { name: "Mine" })).body, unauthorized);
      assert.deepEqual((await t.call(who, "PATCH", "/channel_folders", { order: [] })).body, unauthorized);
    }
    assert.equal((await folders(member)).length, 2);
  });

  it("renames a folder and changes its description, one update event per property", async () => {
    const [frontend] = await folders(owner);
    const res = await t.call(owner, "PATCH", `/channel_folders/${frontend.id}`, { name: "Web", description: "All **web** work" });
    assert.equal(res.status, 200);
    const [after] = await folders(owner);
    assert.deepEqual([after.name, after.description, after.rendered_description], ["Web", "All **web** work", "<p>All **web** work</p>"]);
    const sent = await folderEvents();
    assert.deepEqual(
      sent.map((e) => e.event),
      [
        { type: "channel_folder", op: "update", channel_folder_id: frontend.id, data: { name: "Web" } },
        { type: "channel_folder", op: "update", channel_folder_id: frontend.id, data: { description: "All **web** work", rendered_description: "<p>All **web** work</p>" } },
      ],
    );
    assert.equal(sent[0]!.users.length, 4);
  });

  it("sends nothing when nothing changes", async () => {
    const [web] = await folders(owner);
    assert.equal((await t.call(owner, "PATCH", `/channel_folders/${web.id}`, { name: "Web", description: web.description, is_archived: false })).status, 200);
    assert.equal((await t.call(owner, "PATCH", `/channel_folders/${web.id}`, {})).status, 200);
    assert.deepEqual(await folderEvents(), []);
  });

  it("refuses unknown folders, a taken name and bad values", async () => {
    const [web, backend] = await folders(owner);
    assert.deepEqual((await t.call(owner, "PATCH", "/channel_folders/9999", { name: "X" })).body, badRequest("Invalid channel folder ID"));
    assert.deepEqual((await t.call(owner, "PATCH", "/channel_folders/abc", { name: "X" })).body, badRequest("Invalid channel folder ID"));
    assert.deepEqual((await t.call(owner, "PATCH", `/channel_folders/${web.id}`, { name: backend.name.toUpperCase() })).body, badRequest("Channel folder name already in use"));
    assert.deepEqual((await t.call(owner, "PATCH", `/channel_folders/${web.id}`, { name: " " })).body, badRequest("Channel folder name can't be empty."));
    assert.deepEqual((await t.call(owner, "PATCH", `/channel_folders/${web.id}`, { is_archived: 1 })).body.msg, "is_archived is not a boolean");
  });

  it("hides an archived folder from the default list, and unarchives it", async () => {
    const [, backend] = await folders(owner);
    assert.equal((await t.call(owner, "PATCH", `/channel_folders/${backend.id}`, { is_archived: true })).status, 200);
    assert.deepEqual((await folders(owner)).map((f: any) => f.name), ["Web"]);
    const all = await folders(owner, { include_archived: true });
    assert.deepEqual(all.map((f: any) => [f.name, f.is_archived]), [["Web", false], ["Backend", true]]);
    assert.deepEqual((await folderEvents()).map((e) => e.event), [{ type: "channel_folder", op: "update", channel_folder_id: backend.id, data: { is_archived: true } }]);
    assert.equal((await t.call(owner, "PATCH", `/channel_folders/${backend.id}`, { is_archived: false })).status, 200);
    assert.deepEqual((await folderEvents()).map((e) => e.event.data), [{ is_archived: false }]);
  });

  it("reorders the folders, archived ones included, and sends the new order", async () => {
    const archived = (await t.call(owner, "POST", "/channel_folders/create", { name: "Old", description: "" })).body.channel_folder_id;
    await t.call(owner, "PATCH", `/channel_folders/${archived}`, { is_archived: true });
    const [web, backend] = await folders(owner);
    await folderEvents();
    const order = [archived, backend.id, web.id];
    assert.equal((await t.call(owner, "PATCH", "/channel_folders", { order })).status, 200);
    const all = await folders(owner, { include_archived: true });
    assert.deepEqual(all.map((f: any) => [f.id, f.order]), [[archived, 0], [backend.id, 1], [web.id, 2]]);
    assert.deepEqual(await folderEvents(), [{ event: { type: "channel_folder", op: "reorder", order }, users: [owner.id, admin.id, moderator.id, member.id].sort((a, b) => a - b) }]);
    const state = await t.call(member, "POST", "/register", { fetch_event_types: ["channel_folders"] });
    assert.deepEqual(state.body.channel_folders, all);
  });

  it("refuses an order that leaves out, repeats or invents folders", async () => {
    const ids = (await folders(owner, { include_archived: true })).map((f: any) => f.id);
    for (const order of [ids.slice(1), [...ids, ids[0]], [...ids, 9999], [ids[0], ids[0], ids[1]]]) {
      assert.deepEqual((await t.call(owner, "PATCH", "/channel_folders", { order })).body, badRequest("Invalid order mapping"));
    }
    const missing = await t.call(owner, "PATCH", "/channel_folders", {});
    assert.deepEqual([missing.body.msg, missing.body.code], ["Missing 'order' argument", "REQUEST_VARIABLE_MISSING"]);
    assert.deepEqual(await folderEvents(), []);
  });

  it("keeps each organization's folders to itself", async () => {
    const otherOwner = await t.realm({ subdomain: "other" });
    assert.deepEqual(await folders(otherOwner), []);
    const [web] = await folders(owner);
    assert.deepEqual((await t.call(otherOwner, "PATCH", `/channel_folders/${web.id}`, { name: "Mine" })).body, badRequest("Invalid channel folder ID"));
    const res = await t.call(otherOwner, "POST", "/channel_folders/create", { name: "Web", description: "" });
    assert.equal(res.status, 200);
    assert.equal((await folders(otherOwner))[0].order, 0);
  });

  it("creates a folder without a description, with an empty one", async () => {
    await folderEvents();
    const res = await t.call(owner, "POST", "/channel_folders/create", { name: "Undescribed" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const folder = (await t.call(owner, "GET", "/channel_folders")).body.channel_folders.find((f: any) => f.id === res.body.channel_folder_id);
    assert.deepEqual([folder.name, folder.description, folder.rendered_description], ["Undescribed", "", ""]);
    assert.deepEqual((await folderEvents()).map((e) => e.event.op), ["add"]);
  });
});
