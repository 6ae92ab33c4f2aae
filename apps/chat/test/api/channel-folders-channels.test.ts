import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { capture, type Capture } from "../events/support.js";

describe("folder_id on channels: POST /channels/create, POST /users/me/subscriptions, PATCH /streams/{id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let folder: number;
  let other: number;
  let events: Capture;
  const channel = async (id: number) => (await t.call(owner, "GET", `/streams/${id}`)).body.stream;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    folder = (await t.call(owner, "POST", "/channel_folders/create", { name: "Engineering", description: "" })).body.channel_folder_id;
    other = (await t.call(owner, "POST", "/channel_folders/create", { name: "Sales", description: "" })).body.channel_folder_id;
    events = capture(t);
  });
  after(() => t.close());

  it("files a new channel in a folder and shows it in the stream and subscription objects", async () => {
    const res = await t.call(owner, "POST", "/channels/create", { name: "backend", subscribers: [owner.id], folder_id: folder });
    assert.equal(res.status, 200);
    assert.equal((await channel(res.body.id)).folder_id, folder);
    const subs = (await t.call(owner, "GET", "/users/me/subscriptions")).body.subscriptions;
    assert.equal(subs.find((s: any) => s.stream_id === res.body.id).folder_id, folder);
  });

  it("files channels created by subscribing in a folder", async () => {
    const res = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "frontend" }], folder_id: other });
    assert.equal(res.status, 200);
    const streams = (await t.call(owner, "GET", "/streams")).body.streams;
    assert.equal(streams.find((s: any) => s.name === "frontend").folder_id, other);
  });

  it("refuses an unknown folder on create and on subscribe", async () => {
    assert.deepEqual((await t.call(owner, "POST", "/channels/create", { name: "nowhere", subscribers: [], folder_id: 9999 })).body, badRequest("Invalid channel folder ID"));
    assert.deepEqual((await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "nowhere" }], folder_id: 9999 })).body, badRequest("Invalid channel folder ID"));
    const streams = (await t.call(owner, "GET", "/streams")).body.streams;
    assert.equal(streams.some((s: any) => s.name === "nowhere"), false);
  });

  it("moves a channel between folders and out of them, with a stream update event each time", async () => {
    const id = (await t.call(owner, "POST", "/channels/create", { name: "ops", subscribers: [owner.id, member.id] })).body.id;
    assert.equal((await channel(id)).folder_id, null);
    events.clear();
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { folder_id: folder })).status, 200);
    assert.equal((await channel(id)).folder_id, folder);
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { folder_id: null })).status, 200);
    assert.equal((await channel(id)).folder_id, null);
    await t.deps.events.flush();
    const updates = events.of("stream", "update").map((n) => n.event);
    assert.deepEqual(
      updates.map((e) => [e.stream_id, e.name, e.property, e.value]),
      [
        [id, "ops", "folder_id", folder],
        [id, "ops", "folder_id", null],
      ],
    );
  });

  it("refuses an unknown folder on update, another organization's included", async () => {
    const id = (await t.call(owner, "POST", "/channels/create", { name: "misc", subscribers: [] })).body.id;
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { folder_id: 9999 })).body, badRequest("Invalid channel folder ID"));
    const stranger = await t.realm({ subdomain: "elsewhere" });
    const foreign = (await t.call(stranger, "POST", "/channel_folders/create", { name: "Theirs", description: "" })).body.channel_folder_id;
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { folder_id: foreign })).body, badRequest("Invalid channel folder ID"));
    assert.equal((await channel(id)).folder_id, null);
  });

  it("leaves moving channels to those who administer the channel", async () => {
    const id = (await t.call(owner, "POST", "/channels/create", { name: "secret-ish", subscribers: [member.id] })).body.id;
    const res = await t.call(member, "PATCH", `/streams/${id}`, { folder_id: folder });
    assert.deepEqual([res.status, res.body.code, res.body.msg], [400, "CANNOT_ADMINISTER_CHANNEL", "You do not have permission to administer this channel."]);
    assert.equal((await channel(id)).folder_id, null);
  });

  it("will not archive a folder that still holds unarchived channels, and will once they are archived", async () => {
    const msg = "You need to remove all the channels from this folder to archive it.";
    assert.deepEqual((await t.call(owner, "PATCH", `/channel_folders/${other}`, { is_archived: true })).body, badRequest(msg));
    const streams = (await t.call(owner, "GET", "/streams")).body.streams;
    const frontend = streams.find((s: any) => s.name === "frontend").stream_id;
    assert.equal((await t.call(owner, "DELETE", `/streams/${frontend}`)).status, 200);
    assert.equal((await t.call(owner, "PATCH", `/channel_folders/${other}`, { is_archived: true })).status, 200);
  });

  it("sends the folders, archived ones too, in /register", async () => {
    const state = await t.call(member, "POST", "/register", { fetch_event_types: ["channel_folders", "realm"] });
    assert.deepEqual(state.body.channel_folders.map((f: any) => [f.id, f.name, f.is_archived]), [[folder, "Engineering", false], [other, "Sales", true]]);
    assert.deepEqual([state.body.max_channel_folder_name_length, state.body.max_channel_folder_description_length], [60, 1024]);
  });
});
