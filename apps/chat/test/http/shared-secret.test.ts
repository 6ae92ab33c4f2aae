// Keys that every process serving one site must share come from one secret kept in the
// database: two processes on one PostgreSQL database sign image proxy URLs alike, so a URL one
// process made opens on the other (on SQLite, one process serves, and the test runs on it alone).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, peerServer, type Account, type ChatTest } from "../helpers.js";
import { derivedKey } from "../../src/store/server-secret.js";

describe("the server's secret, shared by every process", () => {
  let t: ChatTest;
  let owner: Account;
  before(async () => {
    t = await chatTest({ config: { camoKey: "" } });
    owner = await t.realm();
  });
  after(() => t.close());

  it("derives the same image proxy key in every process, and different keys for different purposes", async () => {
    const peer = await peerServer(t);
    try {
      assert.equal(await derivedKey(t.deps.db, "camo"), await derivedKey(peer.deps.db, "camo"));
      assert.notEqual(await derivedKey(t.deps.db, "camo"), await derivedKey(t.deps.db, "device"));
      const proxied = async (app: typeof t.app) =>
        (await app.inject({ method: "GET", url: "/thumbnail?url=https%3A%2F%2Fimages.example.com%2Fcat.png&size=full", headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey) } })).headers.location;
      const here = await proxied(t.app);
      assert.match(String(here), /\/external_content\/[0-9a-f]+\/[0-9a-f]+/);
      assert.equal(await proxied(peer.app), here);
    } finally {
      await peer.close();
    }
  });
});
