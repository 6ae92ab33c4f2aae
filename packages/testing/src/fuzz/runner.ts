// Runs hostile requests against every route of a server and collects every answer of 500 or
// above, each with what it takes to replay it. Bounded: a fixed seed and a number of runs per
// route, cut short by a time budget shared between the routes, so a CI run stays fast and
// finds the same things each time; the FUZZ_* variables make it run longer or replay one case.
import fc from "fast-check";
import { requestFor, type FuzzRequest, type RouteKnowledge } from "./request.js";
import { routeName, type FuzzRoute } from "./routes.js";

export interface FuzzResponse {
  status: number;
  body: string;
}

export interface FuzzTarget {
  routes: FuzzRoute[];
  send(request: FuzzRequest): Promise<FuzzResponse>;
  /** Called before each route: what a legitimate client of the route would send. */
  prepare?(route: FuzzRoute): Promise<Partial<RouteKnowledge>> | Partial<RouteKnowledge>;
  /** The parameter names the server read while answering the last request (then forgotten). */
  askedNames?(): string[];
}

export interface FuzzSettings {
  seed: number;
  runsPerRoute: number;
  budgetMs: number;
  /** only routes whose `METHOD /path` contains this */
  only?: string;
  /** fast-check's counterexample path, to replay one case (with `only` and the route's seed) */
  replayPath?: string;
  requestTimeoutMs: number;
  /** print every request and the status it got */
  trace?: boolean;
}

export interface FuzzFailure {
  route: string;
  seed: number;
  path: string;
  request: FuzzRequest;
  status: number | "timeout";
  body: string;
}

export interface FuzzReport {
  routes: number;
  /** `METHOD /path` of every route that was sent at least one request */
  fuzzed: string[];
  requests: number;
  /** how many answers of each status, to see that requests get past validation and auth */
  statuses: Record<number, number>;
  failures: FuzzFailure[];
}

/** Settings from FUZZ_SEED, FUZZ_RUNS, FUZZ_BUDGET_S, FUZZ_ROUTE and FUZZ_PATH, over the defaults given. */
export function fuzzSettings(defaults: Partial<FuzzSettings> = {}, env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  return {
    seed: num("FUZZ_SEED", defaults.seed ?? 20250115),
    runsPerRoute: num("FUZZ_RUNS", defaults.runsPerRoute ?? 40),
    budgetMs: num("FUZZ_BUDGET_S", (defaults.budgetMs ?? 75_000) / 1000) * 1000,
    only: env.FUZZ_ROUTE ?? defaults.only,
    replayPath: env.FUZZ_PATH ?? defaults.replayPath,
    requestTimeoutMs: defaults.requestTimeoutMs ?? 10_000,
    trace: env.FUZZ_TRACE === "1",
  };
}

/** Each route gets its own seed, so a route's cases do not depend on the routes fuzzed before it. */
export function routeSeed(seed: number, route: FuzzRoute): number {
  let h = seed | 0;
  for (const ch of routeName(route)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

class Timeout extends Error {}

async function sendWithin(target: FuzzTarget, request: FuzzRequest, ms: number): Promise<FuzzResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  try {
    return await Promise.race([target.send(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sample = (known: Partial<RouteKnowledge>, name: string) => known.samples?.(name)[0] ?? "1";

/**
 * Learns which parameters a route reads: sends plausible requests, each with the names the
 * server asked for so far, until it asks for nothing new (servers report the first missing
 * parameter only).
 */
async function probeNames(target: FuzzTarget, route: FuzzRoute, known: Partial<RouteKnowledge>, timeoutMs: number): Promise<string[]> {
  const names = new Set(known.names ?? []);
  if (!target.askedNames) return [...names];
  target.askedNames();
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => encodeURIComponent(sample(known, n))).replace("*", "x");
  for (let round = 0; round < 12; round++) {
    const fields = new URLSearchParams([...Object.entries(known.fields ?? {}), ...[...names].map((n): [string, string] => [n, sample(known, n)])]);
    const body = route.method !== "GET" && route.method !== "HEAD";
    const request: FuzzRequest = {
      method: route.method,
      url: body ? path : `${path}?${fields}`,
      headers: body ? { ...known.headers, "content-type": "application/x-www-form-urlencoded" } : { ...known.headers },
      payload: body ? Buffer.from(fields.toString()) : undefined,
    };
    await sendWithin(target, request, timeoutMs).catch(() => undefined);
    const before = names.size;
    for (const n of target.askedNames()) names.add(n);
    if (names.size === before) break;
  }
  return [...names];
}

/** The request as the options of an inject() call, the payload as text or base64. */
function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? undefined : isUtf8(request.payload) ? request.payload.toString("utf8") : `base64:${request.payload.toString("base64")}`;
  return JSON.stringify({ method: request.method, url: request.url, headers: request.headers, payload });
}

function describe(failure: FuzzFailure): string {
  return [
    `${failure.status} on ${failure.route}`,
    `  replay: FUZZ_ROUTE=${JSON.stringify(failure.route)} FUZZ_SEED=${failure.seed} FUZZ_PATH=${JSON.stringify(failure.path)}`,
    `  request: ${describeRequest(failure.request)}`,
    `  response: ${failure.body.slice(0, 400)}`,
  ].join("\n");
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

export function formatFailures(report: FuzzReport): string {
  return report.failures.map(describe).join("\n\n");
}

/** One line: routes, requests and the answers' statuses. */
export function summary(report: FuzzReport): string {
  const statuses = Object.entries(report.statuses).map(([status, n]) => `${status}: ${n}`).join(", ");
  return `${report.routes} routes, ${report.requests} requests, ${report.failures.length} routes with a 5xx (answers ${statuses})`;
}

export async function fuzzRoutes(target: FuzzTarget, settings: FuzzSettings): Promise<FuzzReport> {
  const routes = target.routes.filter((r) => !settings.only || routeName(r).includes(settings.only));
  const share = Math.max(250, Math.floor(settings.budgetMs / Math.max(1, routes.length)));
  const report: FuzzReport = { routes: routes.length, fuzzed: [], requests: 0, statuses: {}, failures: [] };
  for (const route of routes) {
    const given = (await target.prepare?.(route)) ?? {};
    const names = await probeNames(target, route, given, settings.requestTimeoutMs);
    const known: RouteKnowledge = {
      names,
      samples: given.samples ?? (() => []),
      headers: given.headers ?? {},
      fields: given.fields ?? {},
      body: given.body,
    };
    let last: { request: FuzzRequest; status: number | "timeout"; body: string } | undefined;
    const property = fc.asyncProperty(requestFor(route, known), async (request) => {
      if (report.fuzzed.at(-1) !== routeName(route)) report.fuzzed.push(routeName(route));
      report.requests++;
      let response: FuzzResponse | undefined;
      try {
        response = await sendWithin(target, request, settings.requestTimeoutMs);
      } catch (error) {
        if (!(error instanceof Timeout)) throw error;
      }
      target.askedNames?.();
      if (response) report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      if (settings.trace) console.log(`${response?.status ?? "timeout"} ${JSON.stringify(response?.body.slice(0, 100))} ${describeRequest(request)}`);
      const status = response ? response.status : "timeout";
      if (status === "timeout" || status >= 500) {
        last = { request, status, body: response?.body ?? "" };
        throw new Error(`${status}`);
      }
    });
    const seed = routeSeed(settings.seed, route);
    const details = await fc.check(property, {
      seed,
      path: settings.replayPath,
      numRuns: settings.runsPerRoute,
      interruptAfterTimeLimit: settings.replayPath ? undefined : share,
      markInterruptAsFailure: false,
      endOnFailure: settings.replayPath !== undefined,
    });
    if (details.failed && details.counterexample && last) {
      // The property re-ran on every shrink step: replay the smallest case once more for its answer.
      const request = details.counterexample[0];
      const response = await sendWithin(target, request, settings.requestTimeoutMs).catch(() => undefined);
      report.failures.push({
        route: routeName(route),
        seed,
        path: details.counterexamplePath ?? "",
        request,
        status: response ? response.status : "timeout",
        body: response?.body ?? last.body,
      });
    }
  }
  return report;
}

