import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("password strength (PATCH /settings, POST /users, sign-up, /register)", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest({ config: { passwordMinLength: 8, passwordMaxLength: 40, passwordMinGuesses: 100_000 } });
    owner = await t.realm();
    member = await t.user(owner, { password: "member-password" });
  });
  after(() => t.close());

  const change = (newPassword: string) => t.call(member, "PATCH", "/settings", { old_password: "member-password", new_password: newPassword });

  it("advertises the configured limits in the realm section of /register", async () => {
    const state = (await t.call(member, "POST", "/register", { fetch_event_types: ["realm"] })).body;
    assert.deepEqual([state.password_min_length, state.password_max_length, state.password_min_guesses], [8, 40, 100_000]);
  });

  it("refuses a new password that zxcvbn guesses quickly, however long", async () => {
    // zxcvbn: "password123" falls in under a thousand guesses, "qwertyuiopasdf" is a keyboard walk.
    for (const weak of ["password123", "qwertyuiopasdf", "aaaaaaaaaaaa"]) assert.deepEqual((await change(weak)).body, badRequest("New password is too weak!"), weak);
  });

  it("refuses a new password shorter or longer than the limits", async () => {
    assert.deepEqual((await change("x7#Qz!")).body, badRequest("New password is too weak!"));
    assert.deepEqual((await change("Tr0ub4dor&3 correct horse battery staple!!")).body, badRequest("New password is too weak!"));
  });

  it("checks the old password before the new one's strength", async () => {
    const res = await t.call(member, "PATCH", "/settings", { old_password: "wrong", new_password: "abc" });
    assert.deepEqual(res.body, badRequest("Wrong password!"));
  });

  it("accepts a strong password and logs in with it", async () => {
    assert.equal((await change("Tr0ub4dor&3")).status, 200);
    const login = await t.call(null, "POST", "/fetch_api_key", { username: member.email, password: "Tr0ub4dor&3" }, { host: member.host });
    assert.equal(login.status, 200);
  });

  it("refuses a weak password for a user created with POST /users", async () => {
    const res = await t.call(owner, "POST", "/users", { email: "weak@example.com", password: "password123", full_name: "Weak" });
    assert.deepEqual([res.status, res.body], [400, badRequest("The password is too weak.")]);
    const users = (await t.call(owner, "GET", "/users")).body.members.map((u: { email: string }) => u.email);
    assert.ok(!users.includes("weak@example.com"));
    assert.equal((await t.call(owner, "POST", "/users", { email: "strong@example.com", password: "pw-secret-1", full_name: "Strong" })).status, 200);
  });

  it("refuses a weak password at sign-up through an invitation link", async () => {
    const link = (await t.call(owner, "POST", "/invites/multiuse", {})).body.invite_link as string;
    const key = link.split("/").at(-2)!;
    const signUp = (password: string) => t.call(null, "POST", "/accounts/register", { key, email: "joiner@example.com", full_name: "Joiner", password }, { host: owner.host });
    assert.deepEqual((await signUp("12345678")).body, badRequest("The password is too weak."));
    assert.equal((await signUp("pw-secret-1")).status, 200);
  });
});
