import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("POST /channels/create", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  it("creates a public channel with its subscribers and returns its id", async () => {
    const res = await t.call(member, "POST", "/channels/create", { name: "design", description: "Pixels", subscribers: [member.id, owner.id] });
    assert.equal(res.status, 200);
    const channel = (await t.call(member, "GET", `/streams/${res.body.id}`)).body.stream;
    assert.equal(channel.name, "design");
    assert.equal(channel.description, "Pixels");
    assert.equal(channel.rendered_description, "<p>Pixels</p>");
    assert.equal(channel.invite_only, false);
    assert.equal(channel.history_public_to_subscribers, true);
    assert.equal(channel.creator_id, member.id);
    assert.equal(channel.subscriber_count, 2);
    assert.equal(channel.date_created, Date.parse("2025-01-15T12:00:00Z") / 1000);
    assert.deepEqual(channel.can_administer_channel_group, { direct_members: [member.id], direct_subgroups: [] });
  });

  it("renders the description with the realm's Markdown, everywhere a client reads it", async () => {
    const me = (await t.call(owner, "GET", "/users/me")).body;
    const description = `**Launch** plans with @_**${me.full_name}**, see #**design** and https://example.com/a.png :rocket:`;
    const res = await t.call(owner, "POST", "/channels/create", { name: "launch", description, subscribers: [owner.id] });
    const html =
      `<p><strong>Launch</strong> plans with <span class="user-mention silent" data-user-id="${owner.id}">${me.full_name}</span>, ` +
      `see <a class="stream" data-stream-id="${(await t.call(owner, "GET", "/get_stream_id", { stream: "design" })).body.stream_id}" href="/#narrow/channel/${(await t.call(owner, "GET", "/get_stream_id", { stream: "design" })).body.stream_id}-design">#design</a> ` +
      `and <a href="https://example.com/a.png">https://example.com/a.png</a> <span aria-label="rocket" class="emoji emoji-1f680" role="img" title="rocket">:rocket:</span></p>`;
    assert.equal((await t.call(owner, "GET", `/streams/${res.body.id}`)).body.stream.rendered_description, html, "no image preview, as Zulip's no_previews");
    const listed = (await t.call(owner, "GET", "/streams")).body.streams.find((s: any) => s.stream_id === res.body.id);
    assert.equal(listed.rendered_description, html);
    const registered = (await t.call(owner, "POST", "/register", { fetch_event_types: ["subscription"] })).body.subscriptions.find((s: any) => s.stream_id === res.body.id);
    assert.equal(registered.rendered_description, html);
    assert.equal((await t.call(owner, "POST", "/channels/create", { name: "quiet", subscribers: [] })).status, 200);
    assert.equal((await t.call(owner, "GET", "/streams")).body.streams.find((s: any) => s.name === "quiet").rendered_description, "");
  });

  it("answers 409 CHANNEL_ALREADY_EXISTS for a taken name, whatever its case", async () => {
    const res = await t.call(member, "POST", "/channels/create", { name: "DESIGN", subscribers: [] });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { result: "error", msg: "Channel 'design' already exists", code: "CHANNEL_ALREADY_EXISTS", channel_name: "design" });
  });

  it("creates private channels with a group-setting value", async () => {
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups;
    const admins = groups.find((g: any) => g.name === "role:administrators").id;
    const res = await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true, can_add_subscribers_group: admins });
    assert.equal(res.status, 200);
    const channel = (await t.call(owner, "GET", `/streams/${res.body.id}`)).body.stream;
    assert.equal(channel.invite_only, true);
    assert.equal(channel.history_public_to_subscribers, false);
    assert.equal(channel.can_add_subscribers_group, admins);
    assert.deepEqual((await t.call(member, "GET", `/streams/${res.body.id}`)).body, badRequest("Invalid channel ID"));
  });

  it("validates names, subscribers and group settings", async () => {
    assert.deepEqual((await t.call(member, "POST", "/channels/create", { name: "  ", subscribers: [] })).body, badRequest("Channel name can't be empty."));
    assert.deepEqual((await t.call(member, "POST", "/channels/create", { name: "x".repeat(61), subscribers: [] })).body, badRequest("Channel name too long (limit: 60 characters)."));
    assert.deepEqual((await t.call(member, "POST", "/channels/create", { name: "ok", subscribers: [99999] })).body, badRequest("Invalid user ID: 99999"));
    assert.deepEqual((await t.call(member, "POST", "/channels/create", { name: "ok", subscribers: [], can_send_message_group: 99999 })).body, badRequest("Invalid user group"));
    const missing = await t.call(member, "POST", "/channels/create", { name: "ok" });
    assert.equal(missing.body.msg, "Missing 'subscribers' argument");
  });

  it("refuses guests, who may not create channels", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.deepEqual((await t.call(guest, "POST", "/channels/create", { name: "guestroom", subscribers: [] })).body, badRequest("Not allowed for guest users"));
    assert.deepEqual((await t.call(guest, "POST", "/channels/create", {})).body, badRequest("Not allowed for guest users"), "before any parameter is read");
  });

  it("lets only administrators create default channels", async () => {
    assert.deepEqual((await t.call(member, "POST", "/channels/create", { name: "lobby", subscribers: [], is_default_stream: true })).body, badRequest("Insufficient permission"));
    assert.equal((await t.call(owner, "POST", "/channels/create", { name: "lobby", subscribers: [], is_default_stream: true })).status, 200);
  });
});
