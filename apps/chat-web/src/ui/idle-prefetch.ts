// What the first view leaves for later: the code of the overlays people open (settings, the
// administration, the channel browser, user groups) loads once the people list is in (the last
// thing the first view fetches) and the browser is idle, one piece per idle period, so that
// their first opening finds it loaded. None of it is in the first view's bundle. Marks
// `beacon:overlays-prefetched` when all is in (the benchmark waits for it).
import { effect } from "@preact/signals";
import { usersLoaded } from "../state/users";

const tasks: (() => Promise<unknown>)[] = [];

/** Runs `task` (loading a module, warming what it computes) in an idle period after the first view. */
export function prefetchWhenIdle(task: () => Promise<unknown>): void {
  tasks.push(task);
}

const idle = () => new Promise<void>((resolve) => ("requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 200)));

async function runAll(): Promise<void> {
  for (const task of tasks) {
    await idle();
    // A piece that fails to load loads again when its overlay opens, and says so there.
    await task().catch(() => undefined);
  }
  performance.mark("beacon:overlays-prefetched");
}

const stop = effect(() => {
  if (!usersLoaded.value) return;
  queueMicrotask(() => stop());
  void runAll();
});
