#!/usr/bin/env node
// Runs every test file under node:test with tsx. Node 20 does not expand globs for --test,
// so the files are listed here. Optional arguments narrow the run to paths containing them.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";

const roots = ["packages", "apps", "bench"];
const filters = process.argv.slice(2);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

const files = roots
  .flatMap((root) => walk(root, []))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();

if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}

const concurrency = process.env.TEST_CONCURRENCY ?? "2";
const child = spawn(
  process.execPath,
  ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...files],
  { stdio: "inherit", env: { ...process.env, CHAT_RATE_LIMIT: process.env.CHAT_RATE_LIMIT ?? "0" } },
);
child.on("exit", (code, signal) => process.exit(signal ? 1 : code ?? 1));
