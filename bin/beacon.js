#!/usr/bin/env node
// The one command line: `beacon serve`, `beacon monitor …`, `beacon chat …`.
// Sources are TypeScript loaded through tsx, so there is no build step to forget.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./program.ts");
try {
  await main(process.argv);
} catch (error) {
  // A refusal (at a server's start: the database unreachable for too long, or read-only; at
  // start or by `migrate`: a database migrated by a newer Beacon) is a sentence for the
  // operator, not a stack trace.
  if (error?.name !== "StartupError" && error?.name !== "NewerSchemaError") throw error;
  process.stderr.write(`error: ${error.message}\n`);
  process.exit(1);
}
