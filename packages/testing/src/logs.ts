import { createLogger, type Logger } from "@beacon/platform";

export interface LogLine {
  /** pino's number: 30 info, 40 warn, 50 error */
  level: number;
  msg: string;
  err?: { message: string; stack?: string };
  [field: string]: unknown;
}

/** A logger whose lines a test reads back, parsed, in `lines`. */
export function memoryLogger(name = "test"): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { log: createLogger(name, "info", { write: (line) => void lines.push(JSON.parse(line)) }), lines };
}
