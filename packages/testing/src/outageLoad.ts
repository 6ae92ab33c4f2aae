// A small steady load for outage tests: a few clients, each sending one request after another,
// every answer recorded with when it was asked and answered. After a fault, recoveryAfter()
// says how long the clients took to be served again once the database was back.

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
