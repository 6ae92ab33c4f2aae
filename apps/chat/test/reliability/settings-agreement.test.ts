// Two chat servers started in this process on one database (a SQLite file, or a PostgreSQL
// schema when TEST_DATABASE_URL is set): the second starts only when the settings every process
// must share agree with those of the first (docs/scaling-chat.md).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, fingerprint } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { loadChatConfig } from "../../src/config.js";
import { startChatServer, type RunningChat } from "../../src/main.js";

const REFUSAL = /^CHAT_ROOT_DOMAIN differs from the process \d+ on \S+ serving this database since \d\d:\d\d:\d\d UTC; set the same value on every process \(or stop that one first\)$/;

describe("settings every chat process on one database must share", () => {
  let dir: string;
  let testDb: TestDatabase | undefined;
  let databaseUrl: string;
  const running: RunningChat[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-chat-agreement-"));
    testDb = process.env.TEST_DATABASE_URL ? await freshDatabaseUrl() : undefined;
    databaseUrl = testDb?.url ?? `sqlite:${join(dir, "chat.db")}`;
  });
  after(async () => {
    for (const chat of running) await chat.close();
    await testDb?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (settings: { rootDomain?: string; camoKey?: string; databaseUrl?: string; readOnly?: string } = {}) => {
    const config = loadChatConfig({ databaseUrl, port: "0", rateLimit: "0", uploadsDir: join(dir, "uploads"), rootDomain: "chat.example.test", externalHost: "chat.example.test", eventBus: "local", ...settings });
    const chat = await startChatServer(config, { log: createLogger("chat", "silent") });
    running.push(chat);
    return chat;
  };
  const stop = async (chat: RunningChat) => {
    running.splice(running.indexOf(chat), 1);
    await chat.close();
  };
  const rows = (chat: RunningChat) => chat.deps.db.selectFrom("serving_processes" as any).selectAll().execute() as Promise<any[]>;

  it("starts a second process with the same settings, the derived image proxy key counting as equal", async () => {
    const first = await start();
    const second = await start();
    assert.equal((await fetch(`${second.address}/api/v1/server_settings`)).status, 200);
    assert.equal((await rows(first)).length, 2);
    await stop(second);
    await stop(first);
  });

  it("refuses a process whose CHAT_ROOT_DOMAIN differs from a live one, naming the setting and that process", async () => {
    const first = await start();
    await assert.rejects(start({ rootDomain: "other.example.test" }), (error: Error) => {
      assert.equal(error.name, "StartupError");
      assert.match(error.message, REFUSAL);
      assert.ok(error.message.includes(`process ${process.pid} on `), error.message);
      return true;
    });
    assert.equal((await rows(first)).length, 1, "the refused process leaves no row");
    await stop(first);
  });

  it("refuses a CHAT_CAMO_KEY set on one process and derived on the other, and records only its fingerprint", async () => {
    const first = await start();
    await assert.rejects(start({ camoKey: "a-camo-key-set-here-only" }), { name: "StartupError", message: /^CHAT_CAMO_KEY differs from the process/ });
    const [row] = await rows(first);
    assert.ok(!row.fingerprints.includes("a-camo-key-set-here-only"));
    assert.equal(JSON.parse(row.fingerprints).CHAT_ROOT_DOMAIN, fingerprint("chat.example.test"));
    await stop(first);
  });

  it("ignores and prunes a process not seen for two minutes", async () => {
    const first = await start();
    await first.deps.db.updateTable("serving_processes" as any).set({ seen_at: Date.now() - 120_000 } as any).execute();
    const second = await start({ rootDomain: "other.example.test" });
    const left = await rows(second);
    assert.equal(left.length, 1, "the stale row is pruned");
    assert.equal(JSON.parse(left[0].fingerprints).CHAT_ROOT_DOMAIN, fingerprint("other.example.test"));
    await stop(second);
    await stop(first);
  });

  it("checks a process serving a read-only copy against the live ones, and records nothing for it", { skip: process.env.TEST_DATABASE_URL ? "a read-only file is SQLite's" : false }, async () => {
    const first = await start();
    const readOnlyUrl = `${databaseUrl}?mode=ro`;
    await assert.rejects(start({ databaseUrl: readOnlyUrl, readOnly: "true", rootDomain: "other.example.test" }), { name: "StartupError", message: /^CHAT_ROOT_DOMAIN differs from the process/ });
    const reader = await start({ databaseUrl: readOnlyUrl, readOnly: "true" });
    assert.equal((await rows(first)).length, 1);
    await stop(reader);
    await stop(first);
  });

  it("leaves no row once every process has closed cleanly", async () => {
    const first = await start();
    const second = await start();
    await stop(second);
    assert.equal((await rows(first)).length, 1);
    await stop(first);
    const third = await start({ rootDomain: "new.example.test" });
    assert.equal((await rows(third)).length, 1, "a new value is accepted once the others have stopped");
    await stop(third);
  });
});
