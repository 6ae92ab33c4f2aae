// Leases with a heartbeat: a worker claims a row for a short lease and renews it every few
// seconds while it works, so a worker that dies (kill -9, a lost machine) lets its rows be taken
// over a lease later, while a slow but live one (a 30 s HTTP timeout) never loses them.

/** Calls `beat` every `intervalMs` while `work` runs (not before its first interval). A failed
 * beat is reported to `onError` and the next one tried: the lease may then lapse, and the
 * claim's own conditions (tokens, states) decide what happens to the work. */
export async function withHeartbeat<T>(intervalMs: number, beat: () => Promise<unknown>, work: () => Promise<T>, onError: (error: unknown) => void = () => {}): Promise<T> {
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // One beat at a time: a database slower than the interval must not pile them up.
    beating = beating.then(beat).catch(onError);
  }, intervalMs);
  timer.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await beating;
  }
}
