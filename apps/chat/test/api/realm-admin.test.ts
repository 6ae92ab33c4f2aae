import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

describe("POST /realm/test_welcome_bot_custom_message and POST /realm/deactivate", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner);
  });
  after(() => t.close());

  it("sends the custom text to the administrator as a direct message from Welcome Bot", async () => {
    const res = await t.call(admin, "POST", "/realm/test_welcome_bot_custom_message", { welcome_message_custom_text: "Welcome to **Acme**!" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const message = (await t.call(admin, "GET", `/messages/${res.body.message_id}`)).body.message;
    assert.equal(message.sender_email, "welcome-bot@zulip.com");
    assert.equal(message.sender_full_name, "Welcome Bot");
    assert.equal(message.content, "<p>Welcome to <strong>Acme</strong>!</p>");
    assert.deepEqual(message.display_recipient.map((r: any) => r.id).sort(), [admin.id, message.sender_id].sort());
  });

  it("limits the text to 8000 characters and the endpoint to administrators", async () => {
    const long = await t.call(admin, "POST", "/realm/test_welcome_bot_custom_message", { welcome_message_custom_text: "x".repeat(8001) });
    assert.equal(long.body.msg, "welcome_message_custom_text is too long (limit: 8000 characters)");
    const missing = await t.call(admin, "POST", "/realm/test_welcome_bot_custom_message", {});
    assert.equal(missing.body.code, "REQUEST_VARIABLE_MISSING");
    const denied = await t.call(member, "POST", "/realm/test_welcome_bot_custom_message", { welcome_message_custom_text: "hi" });
    assert.deepEqual([denied.body.code, denied.body.msg], ["UNAUTHORIZED_PRINCIPAL", "Must be an organization administrator"]);
  });

  it("lets only owners deactivate, within the server's deletion limits", async () => {
    const denied = await t.call(admin, "POST", "/realm/deactivate", {});
    assert.deepEqual([denied.body.code, denied.body.msg], ["UNAUTHORIZED_PRINCIPAL", "Must be an organization owner"]);
    const soon = await t.call(owner, "POST", "/realm/deactivate", { deletion_delay_days: 3 });
    assert.deepEqual(soon.body, { result: "error", msg: "Data deletion time must be at least 14 days in the future.", code: "BAD_REQUEST" });
    const zero = await t.call(owner, "POST", "/realm/deactivate", { deletion_delay_days: 0 });
    assert.equal(zero.status, 400);
  });

  it("deactivates the realm: a realm event goes out and every request then fails", async () => {
    const events = captureEvents(t);
    const other = await t.realm();
    const res = await t.call(owner, "POST", "/realm/deactivate", { deletion_delay_days: 30 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [event] = await events.take();
    assert.deepEqual(event!.event, { type: "realm", op: "deactivated", realm_id: owner.realmId });
    assert.ok(event!.users.includes(member.id as never));
    const after = await t.call(member, "GET", "/users/me");
    assert.deepEqual([after.status, after.body.msg], [401, "This organization has been deactivated"]);
    assert.equal((await t.call(other, "GET", "/users/me")).status, 200);
  });
});
