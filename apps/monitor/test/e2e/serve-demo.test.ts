// `beacon serve` (what `npm start` runs) as a new user meets it: a banner on standard output,
// JSON logs on standard error, the demo project's alert reaching the demo chat's #alerts, and
// the same credentials after a restart.
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@beacon/testing";

const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));


interface Started {
  child: ChildProcess;
  stdout: string;
  stderr: () => string;
}

/** Starts `beacon serve` and resolves once the banner is complete. */
function serve(dataDir: string, env: Record<string, string>): Promise<Started> {
  const clean = { ...process.env };
  for (const name of Object.keys(clean)) if (name.startsWith("MONITOR_") || name.startsWith("CHAT_")) delete clean[name];
  const child = spawn(process.execPath, [beacon, "serve", "--data", dataDir], { env: { ...clean, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/These credentials stay the same.*\n/.test(stdout)) resolve({ child, stdout, stderr: () => stderr });
    });
    child.once("exit", (code) => reject(new Error(`beacon serve exited with ${code}: ${stderr}`)));
  });
}

async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  started.child.kill("SIGTERM");
  await exited;
}

const field = (banner: string, pattern: RegExp): string => {
  const match = pattern.exec(banner);
  assert.ok(match, `banner lacks ${pattern}:\n${banner}`);
  return match[1];
};

describe("beacon serve", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "beacon-serve-"));
  let running: Started | undefined;
  after(async () => {
    await stop(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints a banner apart from the logs, wires the demo project to the chat's #alerts, and keeps its credentials", { timeout: 180_000 }, async () => {
    const monitorPort = await freePort();
    // CHAT_PORT=0: the site printed must be the port really bound, not the configured one.
    const env = { MONITOR_PORT: String(monitorPort), MONITOR_SITE_ROOT: `http://localhost:${monitorPort}`, CHAT_PORT: "0" };
    running = await serve(dataDir, env);
    const first = running.stdout;
    assert.doesNotMatch(first, /"level":/, "no JSON log line on standard output");
    assert.match(running.stderr(), /^\{"level":/m);
    const site = field(first, /^site=(\S+)$/m);
    const chatPort = new URL(site).port;
    assert.notEqual(chatPort, "0");
    assert.match(first, new RegExp(`dashboard +http://localhost:${monitorPort}/ +\\(sign in as demo@beacon.local, password "beacon-demo"\\)`));
    assert.match(first, new RegExp(`web app +${site}/ +\\(sign in as owner@beacon.local, password "beacon-demo"\\)`));
    assert.equal(statSync(join(dataDir, "demo-credentials.json")).mode & 0o777, 0o600);

    // The demo check fails; its alert reaches #alerts through the bot, over the loopback
    // address that only MONITOR_INTEGRATIONS_ALLOWED_HOSTS opens.
    const pingUrl = field(first, /try an alert +curl -fsS (\S+)\/fail/);
    assert.equal((await fetch(`${pingUrl}/fail`, { method: "POST" })).status, 200);
    const auth = `Basic ${Buffer.from(`owner@beacon.local:${field(first, /^key=(\S+)$/m)}`).toString("base64")}`;
    const narrow = encodeURIComponent(JSON.stringify([{ operator: "stream", operand: "alerts" }]));
    let messages: { subject: string; content: string; sender_email: string }[] = [];
    for (let i = 0; i < 120 && messages.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`http://127.0.0.1:${chatPort}/api/v1/messages?anchor=newest&num_before=10&num_after=0&narrow=${narrow}`, { headers: { authorization: auth } });
      messages = ((await res.json()) as { messages: typeof messages }).messages ?? [];
    }
    assert.equal(messages.length, 1, `no alert in #alerts; logs:\n${running.stderr()}`);
    assert.equal(messages[0].subject, "Demo backup is DOWN");
    assert.equal(messages[0].sender_email, field(first, /#alerts +the monitor's demo project posts here as (\S+)/));
    assert.match(messages[0].content, new RegExp(`href="http://localhost:${monitorPort}/cloaked/[0-9a-f]{40}/"`));

    // A restart shows the same banner, and its keys work.
    await stop(running);
    running = await serve(dataDir, { ...env, CHAT_PORT: chatPort });
    assert.equal(running.stdout, first);
    const apiKey = field(first, /API key +(\S+)/);
    const checks = await fetch(`http://127.0.0.1:${monitorPort}/api/v3/checks/`, { headers: { "X-Api-Key": apiKey } });
    assert.equal(checks.status, 200);
    const me = await fetch(`http://127.0.0.1:${chatPort}/api/v1/users/me`, { headers: { authorization: auth } });
    assert.equal(me.status, 200);
  });
});
