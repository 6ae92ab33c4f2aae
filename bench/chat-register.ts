// POST /register end to end: the web app's sections (apps/chat-web/src/api/register.ts) for the
// bench user of the web seed (`${BENCH_CHAT_SEED}.web`, made by chat-web), against a chat server
// process (bench/servers/chat.ts) on a copy of it, one request at a time over HTTP with gzip.
// Two passes: registers in a row, then each after a send to the user and a read of two of
// their unread messages (untimed), the path where the server must bring its state up to date.
// BENCH_REGISTER_TREES=dirA,dirB runs the server of each checkout in turns (A/B), default ".".
// Usage: BENCH_CHAT_SEED=/tmp/chat-seed.db npx tsx bench/chat-register.ts
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { WEB_REGISTER_BODY } from "./lib.js";

const seedPath = process.env.BENCH_CHAT_SEED ?? "/tmp/chat-seed.db";
const n = Number(process.env.BENCH_REGISTER_N ?? 40);
const trees = (process.env.BENCH_REGISTER_TREES ?? ".").split(",").map((t) => resolve(t));
const rounds = Number(process.env.BENCH_REGISTER_ROUNDS ?? 1);
const owner = JSON.parse(readFileSync(`${seedPath}.json`, "utf8")) as { auth: string };
const web = JSON.parse(readFileSync(`${seedPath}.web.json`, "utf8")) as { senderAuth: string; historyId: number };


async function measure(tree: string, changes: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "beacon-chat-register-"));
  copyFileSync(`${seedPath}.web`, join(dir, "chat.db"));
  const child = spawn(process.execPath, ["--import", "tsx", "bench/servers/chat.ts"], { cwd: tree, env: { ...process.env, BENCH_DATABASE_URL: `sqlite:${join(dir, "chat.db")}` }, stdio: ["ignore", "pipe", "ignore"] });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d;
        const m = /LISTENING (\S+)/.exec(out);
        if (m) resolveUrl(m[1]!);
      });
      child.on("exit", (code) => reject(new Error(`server exited (${code})`)));
    });
    const post = async (auth: string, path: string, payload: string): Promise<string> => {
      const res = await fetch(`${url}${path}`, { method: "POST", headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded", "accept-encoding": "gzip" }, body: payload });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      return text;
    };
    const register = () => post(owner.auth, "/api/v1/register", WEB_REGISTER_BODY);
    for (let i = 0; i < 5; i++) await register();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      if (changes) {
        await post(web.senderAuth, "/api/v1/messages", `type=stream&to=${web.historyId}&topic=topic%20${i % 100}&content=hello%20${i}`);
        const ids = (JSON.parse(await register()) as { unread_msgs: { streams: { unread_message_ids: number[] }[] } }).unread_msgs.streams.at(-1)!.unread_message_ids;
        await post(owner.auth, "/api/v1/messages/flags", `messages=${encodeURIComponent(JSON.stringify(ids.slice(-2)))}&op=add&flag=read`);
      }
      const start = performance.now();
      await register();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const ms = (v: number) => +v.toFixed(1);
    process.stdout.write(`${JSON.stringify({ scenario: `chat: POST /register, the web app's sections${changes ? ", after a send and a read" : ", in a row"}`, tree, n, p50_ms: ms(times[n >> 1]!), min_ms: ms(times[0]!), max_ms: ms(times[n - 1]!), load: +loadavg()[0]!.toFixed(1) })}\n`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((done) => child.once("exit", done));
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let round = 0; round < rounds; round++) {
  for (const changes of [false, true]) for (const tree of trees) await measure(tree, changes);
}
