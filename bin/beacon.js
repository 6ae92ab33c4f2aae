#!/usr/bin/env node
// The one command line: `beacon serve`, `beacon monitor …`, `beacon chat …`.
// Sources are TypeScript loaded through tsx, so there is no build step to forget.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./program.ts");
try {
  await main(process.argv);
} catch (error) {
  // A refusal at start (database unreachable for too long, read-only, migrated by a newer
  // Beacon) is a sentence for the operator, not a stack trace.
  if (error?.name !== "StartupError") throw error;
  process.stderr.write(`error: ${error.message}\n`);
  process.exit(1);
}
