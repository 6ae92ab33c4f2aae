// A small steady load for outage tests: a few clients, each sending one request after another,
// every answer recorded with when it was asked and answered. After a fault, recoveryAfter()
// says how long the clients took to be served again once the database was back, and
// injectOutages() runs the faults themselves.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";

export interface Answer {
  client: number;
  /** performance.now() when the request was sent, and when it was answered */
  sentAt: number;
  answeredAt: number;
  status: number;
}

export interface Load {
  answers: Answer[];
  /** stops sending, and resolves once every client's last request is answered */
  stop(): Promise<void>;
}

/**
 * Starts `clients` loops, each calling `send(client, sequence)` (which returns the HTTP status)
 * and pausing `pauseMs` before the next. A request that throws is recorded with status 0.
 */
export function startLoad(clients: number, send: (client: number, sequence: number) => Promise<number>, pauseMs = 10): Load {
  const answers: Answer[] = [];
  let running = true;
  const loop = async (client: number) => {
    for (let sequence = 1; running; sequence++) {
      const sentAt = performance.now();
      const status = await send(client, sequence).catch(() => 0);
      answers.push({ client, sentAt, answeredAt: performance.now(), status });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const loops = Array.from({ length: clients }, (_, client) => loop(client));
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export interface Recovery {
  /** from the database being back to the first success of a request sent after that; undefined if none */
  ms: number | undefined;
  /** answers to requests sent later than `graceMs` after the database was back that were not successes */
  lateFailures: Answer[];
}

/** How the clients fared after `backAt` (performance.now() when the database was back). */
export function recoveryAfter(answers: Answer[], backAt: number, isSuccess: (status: number) => boolean, graceMs = 1_000): Recovery {
  const after = answers.filter((answer) => answer.sentAt >= backAt);
  const firstSuccess = after.filter((answer) => isSuccess(answer.status)).reduce<number | undefined>((first, answer) => Math.min(first ?? Infinity, answer.answeredAt), undefined);
  return {
    ms: firstSuccess === undefined ? undefined : firstSuccess - backAt,
    lateFailures: after.filter((answer) => answer.sentAt > backAt + graceMs && !isSuccess(answer.status)),
  };
}

/** How many answers of each status a load got, e.g. "812 × 200, 31 × 503". */
export function statusCounts(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(", ");
}

export interface Outages {
  load: Load;
  /** ends every connection the server holds, as a failover does; resolves to how many it ended */
  terminateBackends(): Promise<number>;
  /** the fewest connections a termination must find (the server's pool, and its bus if it has one) */
  fewestConnections: number;
  /** stands between the server and the database: cut() refuses new connections, restore() lets them in */
  proxy: { cut(): void; restore(): void };
  isSuccess(status: number): boolean;
  /** the longest an answer may take: the connect and statement timeouts, with room to spare */
  longestAnswerMs: number;
  /** the test's diagnostic line, for the recovery times */
  diagnostic(line: string): void;
}

/**
 * The database failing the ways production sees it, under the load: every connection ended
 * twice (a failover, pg_terminate_backend), then new connections refused for three seconds.
 * Asserts that while refused every answer is a 503, that the clients are served again within a
 * second of each fault's end, and that no answer outlasted the timeouts; stops the load.
 */
export async function injectOutages(outages: Outages): Promise<void> {
  const { load, proxy } = outages;
  const recoveries: Record<string, number | undefined> = {};
  const measure = (fault: string, backAt: number) => {
    const recovery = recoveryAfter(load.answers, backAt, outages.isSuccess);
    recoveries[fault] = recovery.ms;
    assert.deepEqual(recovery.lateFailures, [], `${fault}: requests sent more than a second after the database was back failed`);
  };

  try {
    await sleep(500);
    for (const round of [1, 2]) {
      const ended = await outages.terminateBackends();
      assert.ok(ended >= outages.fewestConnections, `the server had connections to end (${ended})`);
      const backAt = performance.now();
      await sleep(1_500);
      measure(`terminated ${ended} connections (round ${round})`, backAt);
    }

    proxy.cut();
    const cutAt = performance.now();
    await sleep(3_000);
    proxy.restore();
    const backAt = performance.now();
    const during = load.answers.filter((answer) => answer.sentAt > cutAt + 100 && answer.answeredAt < backAt);
    assert.ok(during.length > 0 && during.every((answer) => answer.status === 503), `while refused: ${during.map((answer) => answer.status).join(" ")}`);
    await sleep(1_500);
    measure("connections refused for 3 s", backAt);
  } finally {
    await load.stop();
  }

  const rounded = Object.entries(recoveries).map(([fault, ms]) => [fault, ms === undefined ? null : Math.round(ms)]);
  outages.diagnostic(`recovery after the database was back (ms, loaded machine): ${JSON.stringify(Object.fromEntries(rounded))}`);
  outages.diagnostic(`answers: ${statusCounts(load.answers)}`);
  for (const [fault, ms] of Object.entries(recoveries)) assert.ok(ms !== undefined && ms < 1_000, `${fault}: served again after ${ms} ms`);
  const slowest = Math.max(...load.answers.map((answer) => answer.answeredAt - answer.sentAt));
  assert.ok(slowest < outages.longestAnswerMs, `the slowest answer took ${Math.round(slowest)} ms`);
}

/** The part of a better-sqlite3 handle a full disk is made with. */
export interface PragmaHandle {
  pragma(source: string, options?: { simple: boolean }): unknown;
}

/**
 * A full disk under the load (SQLite): after a moment, the database file may not grow for
 * `fullForMs`, then it may again; the load runs on for 1.5 s and is stopped. Resolves to when
 * the disk filled and when space returned (performance.now()).
 */
export async function injectFullDisk(load: Load, sqlite: PragmaHandle, fullForMs: number): Promise<{ fullAt: number; backAt: number }> {
  const unlimited = () => sqlite.pragma("max_page_count = 4294967294");
  try {
    await sleep(300);
    sqlite.pragma(`max_page_count = ${sqlite.pragma("page_count", { simple: true })}`);
    const fullAt = performance.now();
    await sleep(fullForMs);
    unlimited();
    const backAt = performance.now();
    await sleep(1_500);
    return { fullAt, backAt };
  } finally {
    unlimited();
    await load.stop();
  }
}
