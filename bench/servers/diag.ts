// What the bench servers' BENCH_DIAG and BENCH_CPU_PROF share: a CPU profile of the whole run,
// and the SQLite WAL's size and counters read from outside the database connection.
import { Session } from "node:inspector/promises";
import { closeSync, openSync, readSync, statSync, writeFileSync } from "node:fs";

/** Starts sampling when `file` is set (NODE_OPTIONS may not carry --cpu-prof); stop() writes the profile there. */
export async function startCpuProfile(file: string | undefined): Promise<{ stop(): Promise<void> }> {
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return { stop: async () => writeFileSync(file, JSON.stringify((await session.post("Profiler.stop")).profile)) };
}

function peek(file: string, length: number): Buffer | null {
  try {
    const fd = openSync(file, "r");
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, 0);
    closeSync(fd);
    return buf;
  } catch {
    return null;
  }
}

/**
 * For a sqlite: URL, a reader of the WAL's size, its header's checkpoint sequence (+1 each time
 * the WAL restarts from its start) and, from the shared-memory index, the last frame written and
 * the last frame checkpointed; zeros for other databases.
 */
export function walStats(databaseUrl: string | undefined): () => { wal_mb: number; wal_restarts: number; frames: number; backfilled: number } {
  const wal = databaseUrl?.startsWith("sqlite:") ? `${databaseUrl.slice("sqlite:".length)}-wal` : null;
  return () => {
    if (!wal) return { wal_mb: 0, wal_restarts: 0, frames: 0, backfilled: 0 };
    const shm = peek(`${wal.slice(0, -4)}-shm`, 100);
    return {
      wal_mb: +((statSync(wal, { throwIfNoEntry: false })?.size ?? 0) / 1e6).toFixed(1),
      wal_restarts: peek(wal, 16)?.readUInt32BE(12) ?? 0,
      frames: shm?.readUInt32LE(16) ?? 0,
      backfilled: shm?.readUInt32LE(96) ?? 0,
    };
  };
}
