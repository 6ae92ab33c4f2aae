// Upgrading from every earlier migration level, with data. A realm is filled through the API on
// a database at today's level (users, a public and a private channel, channel messages and
// direct messages, reactions, a star, read messages); then, for each earlier level, a database
// migrated only that far gets those rows (the tables and columns it has), today's server
// migrates it the rest of the way, and must serve the users, channels and messages exactly as
// on the database that never needed an upgrade, and take a new message.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, migrateToLatest, openDatabase } from "@beacon/platform";
import { copyRows, freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { buildChatApp, withEvents } from "../../src/main.js";
import { chatMigrations, migrateChat } from "../../src/migrations/index.js";
import type { ChatDatabase } from "../../src/store/schema.js";
import { basic, callOk, chatTest, encode, type Account, type ChatTest, type Params } from "../helpers.js";

describe("upgrading a chat database from every earlier migration level", () => {
  let t: ChatTest;
  let dir: string;
  let owner: Account;
  let member: Account;
  const reads: { who: () => Account; url: string }[] = [];
  let expected: unknown[];

  const read = async (app: ChatTest["app"], who: Account, url: string) => {
    const res = await app.inject({ method: "GET", url: `/api/v1${url}`, headers: { host: who.host, authorization: basic(who.email, who.apiKey) } });
    return { status: res.statusCode, body: res.json() };
  };

  before(async () => {
    t = await chatTest({ config: { eventBus: "local" } });
    dir = mkdtempSync(join(tmpdir(), "beacon-chat-upgrades-"));
    owner = await t.realm({ subdomain: "acme" });
    member = await t.user(owner, { name: "Mia Member" });
    const ok = (who: Account, method: string, url: string, params: Params = {}) => callOk(t, who, method, url, params);
    await ok(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general", description: "Everything" }], principals: [owner.id, member.id] });
    await ok(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "owners" }], invite_only: true });
    const ids: number[] = [];
    for (const [who, params] of [
      [owner, { type: "stream", to: "general", topic: "welcome", content: "Hello **everyone**" }],
      [member, { type: "stream", to: "general", topic: "welcome", content: "Hi @**Olivia Owner**" }],
      [owner, { type: "stream", to: "owners", topic: "secrets", content: "Private plans" }],
      [member, { type: "private", to: [owner.id], content: "A direct question" }],
    ] as const) {
      t.clock.advance(60_000);
      ids.push((await ok(who, "POST", "/messages", params)).id);
    }
    await ok(member, "POST", `/messages/${ids[0]}/reactions`, { emoji_name: "tada" });
    await ok(owner, "POST", `/messages/${ids[1]}/reactions`, { emoji_name: "thumbs_up" });
    await ok(owner, "POST", "/messages/flags", { messages: [ids[1]], op: "add", flag: "starred" });
    await ok(owner, "POST", "/messages/flags", { messages: [ids[3]], op: "add", flag: "read" });

    const newest = encode({ anchor: "newest", num_before: 50, num_after: 0, narrow: [] });
    for (const who of [() => owner, () => member]) {
      for (const url of ["/users", "/streams", "/users/me/subscriptions", `/messages?${newest}`, "/users/me"]) reads.push({ who, url });
    }
    expected = await Promise.all(reads.map(async ({ who, url }) => (await read(t.app, who(), url)).body));
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the same users, channels and messages after upgrading from each level, and takes a new message", async () => {
    const ownerMessages = expected[3] as { messages: { content: string; reactions: unknown[]; flags: string[] }[] };
    assert.equal(ownerMessages.messages.length, 4, "the data to upgrade is what the test meant to write");
    assert.deepEqual(ownerMessages.messages[1].flags.includes("starred"), true);
    const all = Object.entries(chatMigrations(t.deps.dialect));
    const upgradeFrom = async (level: number) => {
      const name = all[level - 1][0];
      const test: TestDatabase = t.deps.dialect === "sqlite" ? { url: `sqlite:${join(dir, `${name}.db`)}`, dialect: "sqlite", release: async () => {} } : await freshDatabaseUrl();
      try {
        const old = openDatabase<any>(test.url);
        try {
          await migrateToLatest(old.db, Object.fromEntries(all.slice(0, level)), "chat", old.dialect);
          const copied = await copyRows(t.deps, old, ["chat_migrations"]);
          for (const table of ["realms", "users", "streams", "subscriptions", ...(level >= 2 ? ["messages", "user_messages", "reactions"] : [])]) assert.ok(copied.includes(table), `${name}: copied ${copied.join(", ")}`);
        } finally {
          await old.close();
        }
        const database = openDatabase<ChatDatabase>(test.url);
        try {
          await migrateChat(database.db, database.dialect);
          const deps = withEvents({ db: database.db, dialect: database.dialect, sqlite: database.sqlite, log: createLogger("chat-test", "silent"), clock: t.clock, config: t.deps.config });
          const app = await buildChatApp(deps);
          try {
            for (const [i, { who, url }] of reads.entries()) {
              // Before 002 there was no table of messages to copy them into.
              if (level < 2 && url.startsWith("/messages")) continue;
              const res = await read(app, who(), url);
              assert.equal(res.status, 200, `from ${name}: GET ${url}: ${JSON.stringify(res.body)}`);
              assert.deepEqual(res.body, expected[i], `from ${name}: GET ${url} as ${who().email}`);
            }
            const sent = await app.inject({ method: "POST", url: "/api/v1/messages", headers: { host: owner.host, authorization: basic(member.email, member.apiKey), "content-type": "application/x-www-form-urlencoded" }, payload: encode({ type: "stream", to: "general", topic: "after the upgrade", content: `from ${name}` }) });
            assert.equal(sent.statusCode, 200, `from ${name}: a new message: ${sent.body}`);
          } finally {
            await app.close();
          }
        } finally {
          await database.close();
        }
      } finally {
        await test.release();
      }
    };
    // PostgreSQL spends most of a level's time waiting on its own DDL: a few levels at once.
    const levels = Array.from({ length: all.length - 1 }, (_, i) => i + 1);
    const atOnce = t.deps.dialect === "postgres" ? 3 : 1;
    await Promise.all(Array.from({ length: atOnce }, async () => {
      for (let level = levels.shift(); level !== undefined; level = levels.shift()) await upgradeFrom(level);
    }));
  });
});
