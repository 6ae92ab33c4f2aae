#!/usr/bin/env node
// Runs every test file under node:test with tsx. Optional arguments narrow the run to paths
// containing them.
//
// Files run in shards: one process imports a few dozen test files and runs them one after the
// other. Loading the servers' modules through tsx costs a process 1-1.5 s, so a process per
// file (what `node --test` does) spent most of the suite's time loading the same modules again;
// sharded, the suite runs several times faster. Test files therefore keep to themselves: every
// test lives in a describe() block that opens and closes what it uses. Each shard's report is
// printed whole when it ends, so two shards' lines never interleave.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { cpus } from "node:os";

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

const concurrency = Number(process.env.TEST_CONCURRENCY ?? Math.min(2, cpus().length));
// Browser tests start chromium and build the web app: each is a shard of its own, started
// first, so the long ones do not end the run alone.
const heavy = (file) => /\/web\/.*browser|\/web\/app-|\/web\/content-gallery|\/e2e\//.test(file);
const shardSize = Number(process.env.TEST_SHARD_SIZE ?? 24);
const shards = files.filter(heavy).map((file) => [file]);
const light = files.filter((file) => !heavy(file));
const lightShards = Math.max(1, Math.ceil(light.length / shardSize));
// Dealt like cards, so each shard gets a mix of the slow and the quick folders.
for (let i = 0; i < lightShards; i++) shards.push(light.filter((_, j) => j % lightShards === i));

const shardTimeoutMs = Number(process.env.TEST_SHARD_TIMEOUT_S ?? 1200) * 1000;
const env = { ...process.env, CHAT_RATE_LIMIT: process.env.CHAT_RATE_LIMIT ?? "0" };
const runner = new URL("./test-shard.js", import.meta.url).pathname;
const totals = { tests: 0, pass: 0, fail: 0, skipped: 0 };
const failed = [];
const started = Date.now();

function runShard(shard, index) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--test-reporter=spec", runner, ...shard], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    // A file that leaves a handle open would keep its shard alive forever.
    const timer = setTimeout(() => child.kill("SIGKILL"), shardTimeoutMs);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      process.stdout.write(output);
      for (const key of Object.keys(totals)) {
        const match = new RegExp(`^ℹ ${key} (\\d+)$`, "m").exec(output);
        if (match) totals[key] += Number(match[1]);
      }
      const ok = code === 0 && !signal;
      if (!ok) failed.push({ index, shard, why: signal ? `killed by ${signal}` : `exit code ${code}`, details: failureDetails(output) });
      console.error(`[test] shard ${index + 1}/${shards.length} (${shard.length} file${shard.length > 1 ? "s" : ""}) ${ok ? "passed" : "FAILED"} at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolve();
    });
  });
}

/**
 * The spec reporter's closing "failing tests" section of a shard's output, cut to a few dozen
 * lines: repeated at the very end of the run, so that a log read from its tail says what failed.
 */
function failureDetails(output) {
  const at = output.lastIndexOf("✖ failing tests:");
  if (at < 0) return "";
  const lines = output.slice(at).split("\n").filter((line) => !/\(?node:(internal|async_hooks)/.test(line));
  return lines.slice(0, 60).join("\n") + (lines.length > 60 ? `\n… ${lines.length - 60} more lines above, in the shard's report` : "");
}

let next = 0;
async function worker() {
  while (next < shards.length) {
    const index = next++;
    await runShard(shards[index], index);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, shards.length) }, worker));

console.log(`\nℹ files ${files.length} in ${shards.length} shards`);
for (const [key, value] of Object.entries(totals)) console.log(`ℹ ${key} ${value}`);
console.log(`ℹ duration_s ${((Date.now() - started) / 1000).toFixed(1)}`);
for (const f of failed) console.log(`\n${f.details}`.trimEnd());
for (const f of failed) console.log(`✖ shard ${f.index + 1} (${f.why}): ${f.shard.join(" ")}`);
process.exit(failed.length ? 1 : 0);
