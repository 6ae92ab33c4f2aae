import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));

/** Runs `beacon chat …` as a user would and returns what it printed on standard output. */
async function run(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [beacon, ...args], { env: { ...process.env, LOG_LEVEL: "silent", ...env } });
  return stdout;
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
    const other = await run(["chat", "create-realm", "--name", "Gamma", "--owner-email", "g@gamma.test", "--owner-name", "G", "--subdomain", "gamma", "--port", "9555", "--database", database], {
      CHAT_EXTERNAL_HOST: "chat.example.com",
    });
    assert.equal(JSON.parse(other).site, "http://gamma.chat.example.com");
  });
});
