import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { registerCommands } from "../../src/cli.js";

/** Runs `beacon chat …` in-process and returns what it printed. */
async function run(args: string[]): Promise<string> {
  const program = new Command("beacon").exitOverride();
  registerCommands(program);
  const write = process.stdout.write.bind(process.stdout);
  let out = "";
  process.stdout.write = ((chunk: string) => {
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    await program.parseAsync(["node", "beacon", ...args]);
  } finally {
    process.stdout.write = write;
  }
  return out;
}

describe("beacon chat create-realm", () => {
  const dir = mkdtempSync(join(tmpdir(), "beacon-chat-cli-"));
  const database = `sqlite:${join(dir, "chat.db")}`;
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("migrates, creates the realm and prints one JSON line with a working API key", async () => {
    const migrated = JSON.parse(await run(["chat", "migrate", "--database", database]));
    assert.ok(migrated.applied.includes("001_initial"));
    const line = await run(["chat", "create-realm", "--name", "Acme", "--owner-email", "boss@acme.test", "--owner-name", "Boss", "--subdomain", "acme", "--database", database]);
    assert.equal(line.trim().split("\n").length, 1);
    const created = JSON.parse(line);
    assert.deepEqual(Object.keys(created), ["realm_id", "site", "user_id", "email", "api_key"]);
    assert.equal(created.site, "http://acme.localhost:9991");
    assert.equal(created.email, "boss@acme.test");
    assert.match(created.api_key, /^[a-z0-9]{32}$/);
  });

  it("prints the site with the port given as the server's (--port), or CHAT_EXTERNAL_HOST when set", async () => {
    const line = await run(["chat", "create-realm", "--name", "Beta", "--owner-email", "b@beta.test", "--owner-name", "B", "--subdomain", "beta", "--port", "9555", "--database", database]);
    assert.equal(JSON.parse(line).site, "http://beta.localhost:9555");
    process.env.CHAT_EXTERNAL_HOST = "chat.example.com";
    try {
      const other = await run(["chat", "create-realm", "--name", "Gamma", "--owner-email", "g@gamma.test", "--owner-name", "G", "--subdomain", "gamma", "--port", "9555", "--database", database]);
      assert.equal(JSON.parse(other).site, "http://gamma.chat.example.com");
    } finally {
      delete process.env.CHAT_EXTERNAL_HOST;
    }
  });
});
