// In-process timings of the chat hot paths on a copy of the bench seed (BENCH_CHAT_SEED, made
// by `npm run bench -- chat`): each request through Fastify inject, one at a time, so the
// figures are the server's own time per request without a load generator sharing the cores.
// Prints the median and p90 of BENCH_INPROC_N requests per scenario, the CPU time per request
// and the load average.
// Usage: BENCH_CHAT_SEED=/tmp/chat-seed.db npx tsx bench/chat-inprocess.ts
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { loadChatConfig } from "../apps/chat/src/config.js";
import { startChatServer } from "../apps/chat/src/main.js";
import { WEB_REGISTER_BODY } from "./lib.js";

const seedPath = process.env.BENCH_CHAT_SEED ?? "/tmp/chat-seed.db";
const n = Number(process.env.BENCH_INPROC_N ?? 300);
const only = process.env.BENCH_CHAT_ONLY ? new RegExp(process.env.BENCH_CHAT_ONLY) : undefined;
// The web app's seed (`${BENCH_CHAT_SEED}.web`, made by chat-web) has the same owner: its
// credentials are the chat seed's.
const saved = JSON.parse(readFileSync(`${seedPath.replace(/\.web$/, "")}.json`, "utf8")) as { auth: string; senderEmail: string; anchorId: number };
const dir = mkdtempSync(join(tmpdir(), "beacon-chat-inproc-"));
const copy = join(dir, "chat.db");
copyFileSync(seedPath, copy);
const chat = await startChatServer(loadChatConfig({ databaseUrl: `sqlite:${copy}`, port: "0", rateLimit: "0" }));
const narrowPath = (narrow: unknown[], extra = "anchor=newest&num_before=100&num_after=0") => `/api/v1/messages?${extra}&narrow=${encodeURIComponent(JSON.stringify(narrow))}`;
const history = { operator: "channel", operand: "history" };
const scenarios: [string, () => Promise<unknown>][] = [
  ["register (the web app's sections)", () => chat.app.inject({ method: "POST", url: "/api/v1/register", headers: { authorization: saved.auth, "content-type": "application/x-www-form-urlencoded" }, payload: WEB_REGISTER_BODY })],
  ["register unread_msgs alone", () => chat.app.inject({ method: "POST", url: "/api/v1/register", headers: { authorization: saved.auth, "content-type": "application/x-www-form-urlencoded" }, payload: "fetch_event_types=%5B%22message%22%2C%22update_message_flags%22%5D&event_types=%5B%22message%22%5D" })],
  ["send", () => chat.app.inject({ method: "POST", url: "/api/v1/messages", headers: { authorization: saved.auth, "content-type": "application/x-www-form-urlencoded" }, payload: "type=stream&to=general&topic=bench&content=hello%20%2A%2Aworld%2A%2A" })],
  ["GET channel newest 100", () => chat.app.inject({ url: narrowPath([history]), headers: { authorization: saved.auth } })],
  ["GET channel + topic", () => chat.app.inject({ url: narrowPath([history, { operator: "topic", operand: "topic 42" }]), headers: { authorization: saved.auth } })],
  ["GET search kernel budget", () => chat.app.inject({ url: narrowPath([{ operator: "search", operand: "kernel budget" }]), headers: { authorization: saved.auth } })],
  ["GET search kernel release", () => chat.app.inject({ url: narrowPath([{ operator: "search", operand: "kernel release" }]), headers: { authorization: saved.auth } })],
];
try {
  for (const [name, request] of scenarios) {
    if (only && !only.test(name)) continue;
    for (let i = 0; i < 20; i++) await request();
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t = process.hrtime.bigint();
      const res = (await request()) as { statusCode: number };
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
    // cpu_ms: the process's CPU time per request (all its threads), which other jobs on the
    // machine disturb less than the wall-clock figures.
    const cpuMs = (used.user + used.system) / 1000 / n;
    process.stdout.write(`${JSON.stringify({ scenario: name, n, p50_ms: at(0.5), p90_ms: at(0.9), min_ms: times[0].toFixed(2), cpu_ms: cpuMs.toFixed(3), load: loadavg()[0].toFixed(1) })}\n`);
  }
} finally {
  await chat.close();
  rmSync(dir, { recursive: true, force: true });
}
