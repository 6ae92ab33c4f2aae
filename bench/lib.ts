// Shared benchmark plumbing. Servers run in child processes so the load generator
// (autocannon, in this process) never competes with them for an event loop; each
// scenario is reported as one JSON line with its ratio to a trivial route measured in
// the same run, so figures from different machines stay comparable.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
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
  const child = spawn(process.execPath, ["--import", "tsx", script], {
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
  /** A fixed request rate (requests per second over all connections), for latency runs. */
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
  const connections = options.connections ?? 100;
  const method = (options.method ?? "GET") as autocannon.Request["method"];
  // One request whose path turns round the list, not one request per path: with a fixed rate,
  // autocannon given a long request list (10,000 paths) reports hundreds of milliseconds of
  // p99 even against the trivial route (458 ms measured, against 2 ms this way).
  const paths = options.paths;
  let next = 0;
  const requests = paths && [{ method, headers: options.headers, body: options.body, setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const result = await autocannon({
    url: options.url,
    connections,
    duration: options.duration ?? 5,
    method,
    headers: options.headers,
    body: options.body,
    requests,
    overallRate: options.rate,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
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
