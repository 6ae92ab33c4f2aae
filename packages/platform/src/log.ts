import { pino, type Logger } from "pino";

export type { Logger };

/** JSON logs on stdout; LOG_LEVEL picks the level ("silent" in tests). */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({ name, level });
}
