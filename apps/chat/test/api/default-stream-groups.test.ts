import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { nextEvents, registerQueue, type Queue } from "../events/support.js";

describe("default channel groups: /default_stream_groups and /register's realm_default_stream_groups", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let guest: Account;
  const ids: Record<string, number> = {};
  let miaQueue: Queue;
  let guestQueue: Queue;
  const ok = { result: "success", msg: "" };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    guest = await t.user(owner, { name: "Guest", role: ROLE_GUEST });
    for (const name of ["zebra", "design", "ops", "secret"]) {
      const res = await t.call(owner, "POST", "/channels/create", { name, subscribers: [owner.id], invite_only: name === "secret" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      ids[name] = res.body.id;
    }
    miaQueue = await registerQueue(t, mia, { event_types: ["default_stream_groups"] });
    guestQueue = await registerQueue(t, guest, { event_types: ["default_stream_groups"] });
  });
  after(() => t.close());

  const groups = async (who: Account = owner) => (await t.call(who, "POST", "/register", { fetch_event_types: ["default_stream_groups"] })).body.realm_default_stream_groups;
  const create = (params: Record<string, unknown>, who: Account = owner) => t.call(who, "POST", "/default_stream_groups/create", params);
  const lastEvent = async () => (await nextEvents(t, mia, miaQueue)).map(({ id: _id, ...e }) => e).at(-1);

  it("creates a group and tells every non-guest the whole list, its channels in name order", async () => {
    assert.deepEqual((await create({ group_name: "Engineering", description: "Builders", stream_names: ["zebra", "ops", "design"] })).body, ok);
    const [group] = await groups();
    assert.deepEqual(group, { name: "Engineering", id: group.id, description: "Builders", streams: [ids.design, ids.ops, ids.zebra] });
    assert.deepEqual(await lastEvent(), { type: "default_stream_groups", default_stream_groups: [group] });
    assert.deepEqual(await nextEvents(t, guest, guestQueue), []);
    assert.deepEqual((await create({ group_name: "Alpha", description: "", stream_names: [] })).body, ok);
    assert.deepEqual((await groups()).map((g: any) => g.name), ["Alpha", "Engineering"]);
  });

  it("refuses a taken or invalid name, an unknown or default channel, and non-administrators", async () => {
    assert.deepEqual((await create({ group_name: "Engineering", description: "", stream_names: [] })).body, badRequest("Default channel group 'Engineering' already exists"));
    assert.deepEqual((await create({ group_name: "  ", description: "", stream_names: [] })).body, badRequest("Invalid default channel group name '  '"));
    assert.deepEqual((await create({ group_name: "x".repeat(61), description: "", stream_names: [] })).body, badRequest("Default channel group name too long (limit: 60 characters)"));
    assert.deepEqual((await create({ group_name: "Nope", description: "", stream_names: ["no such"] })).body, badRequest("Invalid channel name 'no such'"));
    assert.equal((await t.call(owner, "POST", "/default_streams", { stream_id: ids.ops })).status, 200);
    assert.deepEqual((await create({ group_name: "Nope", description: "", stream_names: ["ops"] })).body, badRequest("'ops' is a default channel and cannot be added to 'Nope'"));
    assert.equal((await t.call(owner, "DELETE", "/default_streams", { stream_id: ids.ops })).status, 200);
    assert.deepEqual((await create({ group_name: "Nope", description: "", stream_names: [] }, mia)).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
  });

  it("renames a group and changes its description", async () => {
    const [, engineering] = await groups();
    const patch = (params: Record<string, unknown>, id = engineering.id) => t.call(owner, "PATCH", `/default_stream_groups/${id}`, params);
    assert.deepEqual((await patch({})).body, badRequest('You must pass "new_description" or "new_group_name".'));
    assert.deepEqual((await patch({ new_group_name: "Engineering" })).body, badRequest("This default channel group is already named 'Engineering'"));
    assert.deepEqual((await patch({ new_group_name: "Alpha" })).body, badRequest("Default channel group 'Alpha' already exists"));
    assert.deepEqual((await patch({ new_group_name: "Eng" }, 999999)).body, badRequest("Default channel group with id '999999' does not exist."));
    assert.deepEqual((await patch({ new_group_name: "Builders", new_description: "Who builds" })).body, ok);
    const renamed = (await groups()).find((g: any) => g.id === engineering.id);
    assert.deepEqual([renamed.name, renamed.description], ["Builders", "Who builds"]);
    assert.deepEqual((await lastEvent())!.default_stream_groups.find((g: any) => g.id === engineering.id), renamed);
  });

  it("adds and removes channels, refusing ones already in or not in the group", async () => {
    const alpha = (await groups()).find((g: any) => g.name === "Alpha");
    const streams = (op: string, names: string[]) => t.call(owner, "PATCH", `/default_stream_groups/${alpha.id}/streams`, { op, stream_names: names });
    assert.deepEqual((await streams("add", ["ops", "design"])).body, ok);
    assert.deepEqual((await groups()).find((g: any) => g.id === alpha.id).streams, [ids.design, ids.ops]);
    assert.deepEqual((await streams("add", ["ops"])).body, badRequest("Channel 'ops' is already present in default channel group 'Alpha'"));
    assert.deepEqual((await streams("remove", ["zebra"])).body, badRequest("Channel 'zebra' is not present in default channel group 'Alpha'"));
    assert.deepEqual((await streams("toggle", ["zebra"])).body, badRequest('Invalid value for "op". Specify one of "add" or "remove".'));
    assert.deepEqual((await streams("remove", ["design"])).body, ok);
    assert.deepEqual((await groups()).find((g: any) => g.id === alpha.id).streams, [ids.ops]);
    assert.deepEqual((await lastEvent())!.default_stream_groups.find((g: any) => g.id === alpha.id).streams, [ids.ops]);
  });

  it("deletes a group", async () => {
    const alpha = (await groups()).find((g: any) => g.name === "Alpha");
    assert.deepEqual((await t.call(owner, "DELETE", `/default_stream_groups/${alpha.id}`)).body, ok);
    assert.deepEqual((await groups()).map((g: any) => g.name), ["Builders"]);
    assert.deepEqual((await lastEvent())!.default_stream_groups.map((g: any) => g.name), ["Builders"]);
    assert.deepEqual((await t.call(owner, "DELETE", `/default_stream_groups/${alpha.id}`)).body, badRequest(`Default channel group with id '${alpha.id}' does not exist.`));
  });
});
