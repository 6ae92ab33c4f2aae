import { pino, type Logger } from "pino";

export type { Logger };

/**
 * JSON logs on standard error, so that standard output carries only what a command prints
 * as its result (`create-project`'s JSON, `beacon serve`'s banner) and scripts can read it.
 * LOG_LEVEL picks the level ("silent" in tests). `to` sends the lines elsewhere (a test reads them).
 */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? "info", to?: { write(line: string): void }): Logger {
  return pino({ name, level }, to ?? pino.destination({ dest: 2, sync: true }));
}
