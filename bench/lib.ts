// Shared benchmark plumbing. Servers run in child processes so the load generator
// (autocannon or the paced sender below, in this process) never competes with them for an
// event loop; each
// scenario is reported as one JSON line with its ratio to a trivial route measured in
// the same run, so figures from different machines stay comparable.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Agent, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>`; the script prints `LISTENING <url>` when ready. */
export async function startServer(script: string, env: Record<string, string> = {}): Promise<Server> {
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let buffer = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffer);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

export interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Spread requests over these paths (round-robin), e.g. many check UUIDs. */
  paths?: string[];
  /**
   * A fixed request rate (requests per second over all connections), for latency runs: one
   * request every 1/rate s (see paced()), not autocannon's per-second budget.
   */
  rate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  if (options.rate) return paced(options, options.rate);
  const connections = options.connections ?? 100;
  const method = (options.method ?? "GET") as autocannon.Request["method"];
  // The paths are sent in one round-robin shared by all connections (so the requests in flight
  // at any moment, and so a batch of pings, go to consecutive paths of the list, whose page
  // locality the ping scenarios depend on), and each request is built once. autocannon has
  // neither: a request rotated by setupRequest is rebuilt on every send, which cost the trivial
  // route a third of its rate, and a request list starts every connection at its first path.
  // So the first connection builds the list, and every connection's request iterator (an
  // autocannon 8 internal, checked below) takes the next built request of the shared turn.
  const paths = options.paths;
  const built = paths?.map((path): autocannon.Request => ({ method, headers: options.headers, body: options.body, path }));
  let next = 0;
  let first = true;
  const setupClient =
    built &&
    ((c: autocannon.Client) => {
      c.setRequests(first ? built : [built[0]!]);
      first = false;
      const iterator = (c as unknown as { requestIterator?: { nextRequest(): unknown; currentRequest: unknown } }).requestIterator;
      if (typeof iterator?.nextRequest !== "function" || !("requestBuffer" in built[0]!)) throw new Error("autocannon's request iterator changed: see load() in bench/lib.ts");
      iterator.nextRequest = () => (iterator.currentRequest = built[next++ % built.length]);
      iterator.nextRequest();
    });
  const result = await autocannon({
    url: options.url,
    connections,
    duration: options.duration ?? 5,
    method,
    headers: options.headers,
    body: options.body,
    setupClient,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * An open-loop load at an even pace: request i is issued at start + i/rate, whether or not
 * earlier ones have been answered. At most `connections` are in flight; a request issued while
 * all are busy waits for one, and that wait counts in its latency, so a stalled server cannot
 * hide its stall by holding the sender back. (Latency runs from the moment the request is
 * issued, not from when it was due: the load generator's own timer lateness is not the
 * server's.) autocannon's fixed rate is a budget per second and connection instead: each second
 * starts with every connection sending its share back to back, so "200/s" arrives as bursts of
 * 10 concurrent requests and the figures measure the queue of each burst, not a steady load.
 */
async function paced(options: LoadOptions, rate: number): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const duration = options.duration ?? 5;
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) };
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;

  const send = (path: string) =>
    new Promise<void>((resolve) => {
      const issued = performance.now();
      const req = request({ agent, host: target.hostname, port: target.port, method: options.method ?? "GET", path, headers }, (res) => {
        res.resume();
        res.once("end", () => {
          latencies.push(performance.now() - issued);
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          resolve();
        });
      });
      req.once("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const total = Math.round(rate * duration);
  const paths = options.paths ?? [target.pathname + target.search];
  const start = performance.now() + 20;
  const inFlight: Promise<void>[] = [];
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out at once; the timer then sleeps until the next is due.
    while (sent < total && start + (sent * 1000) / rate <= now) {
      inFlight.push(send(paths[sent % paths.length]));
      sent++;
    }
    if (sent < total) await sleep(Math.max(0, start + (sent * 1000) / rate - performance.now()));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), errors, non2xx };
}

export interface Report {
  scenario: string;
  [key: string]: unknown;
}

export function report(line: Report): void {
  process.stdout.write(JSON.stringify(line) + "\n");
}

/** Requests per second of a route that does nothing: the ceiling of this machine now. */
export async function measureCeiling(label: string, duration = 5): Promise<number> {
  const server = await startServer("bench/servers/trivial.ts");
  try {
    const result = await load({ url: `${server.url}/trivial`, connections: 100, duration });
    report({ scenario: label, rps: result.rps, p99_ms: result.p99 });
    return result.rps;
  } finally {
    await server.stop();
  }
}

/**
 * One Zulip API call (Basic auth, form body) answered with its parsed JSON, through `agent`
 * when given (the event benchmarks keep their sockets open).
 */
export function callApi(base: string, auth: string, method: string, path: string, form?: Record<string, string>, agent?: Agent): Promise<any> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const headers = { authorization: auth, ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } : {}) };
    const req = request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString()));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.once("error", reject);
    req.end(body);
  });
}

// The web app's /register (apps/chat-web/src/api/register.ts): its state sections and event
// types, as the body of the request it sends.
const WEB_FETCH = ["realm", "subscription", "stream", "message", "update_message_flags", "recent_private_conversations", "starred_messages", "user_settings", "realm_emoji", "muted_users", "user_topic"];
const WEB_EVENTS = [...WEB_FETCH, "update_message", "delete_message", "reaction", "realm_user", "submessage", "restart", "presence", "typing", "user_group", "scheduled_messages", "reminders"];
export const WEB_REGISTER_BODY = new URLSearchParams({
  apply_markdown: "true",
  client_gravatar: "true",
  include_subscribers: "false",
  slim_presence: "true",
  client_capabilities: JSON.stringify({ stream_typing_notifications: true }),
  event_types: JSON.stringify(WEB_EVENTS),
  fetch_event_types: JSON.stringify(WEB_FETCH),
}).toString();
