// One shard of the test run (scripts/test.js): imports the test files named on the command
// line, in order; node:test runs each file's tests as they are registered and sets the exit
// code when one fails.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

for (const file of process.argv.slice(2)) await import(pathToFileURL(resolve(file)).href);
