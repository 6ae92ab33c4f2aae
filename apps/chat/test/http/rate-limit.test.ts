import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, peerServer, type Account, type ChatTest } from "../helpers.js";

describe("rate limiting", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest({ config: { rateLimit: 3 } });
    owner = await t.realm();
  });
  after(() => t.close());

  it("answers 429 RATE_LIMIT_HIT with Retry-After once a user exceeds the limit, then lets them back in", async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await t.call(owner, "GET", "/users/me");
      assert.equal(ok.status, 200);
      assert.equal(ok.headers["x-ratelimit-limit"], "3");
      assert.equal(ok.headers["x-ratelimit-remaining"], String(2 - i));
    }
    t.clock.advanceSeconds(20);
    const refused = await t.call(owner, "GET", "/users/me");
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { result: "error", msg: "API usage exceeded rate limit", code: "RATE_LIMIT_HIT", "retry-after": 40 });
    assert.equal(refused.headers["retry-after"], "40");

    const member = await t.user(owner);
    assert.equal((await t.call(member, "GET", "/users/me")).status, 200, "limits are per user");

    t.clock.advanceSeconds(41);
    assert.equal((await t.call(owner, "GET", "/users/me")).status, 200);
  });
});

describe("rate limiting across processes", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest({ config: { rateLimit: 4 } });
    owner = await t.realm();
  });
  after(() => t.close());

  it("counts a user's requests to every process together on PostgreSQL, so two processes do not allow twice the limit", async () => {
    const peer = await peerServer(t);
    try {
      for (let i = 0; i < 2; i++) {
        assert.equal((await t.call(owner, "GET", "/users/me")).status, 200);
        assert.equal((await peer.call(owner, "GET", "/users/me")).status, 200);
      }
      assert.equal((await peer.call(owner, "GET", "/users/me")).status, 429);
      assert.equal((await t.call(owner, "GET", "/users/me")).status, 429);
      t.clock.advanceSeconds(61);
      assert.equal((await t.call(owner, "GET", "/users/me")).status, 200);
    } finally {
      await peer.close();
    }
  });
});
