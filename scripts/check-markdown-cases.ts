// Developer check: renders Zulip's own Markdown fixtures (../shared/reference/zulip/
// markdown_test_cases.json, when present) and reports pass/fail counts with diffs.
// Usage: node --import tsx scripts/check-markdown-cases.ts [--all-diffs] [--backend] [name-filter]
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { renderMarkdown } from "../apps/chat/src/markdown/index.js";
import type { MarkdownContext } from "../apps/chat/src/markdown/index.js";

interface RegularCase {
  name: string;
  input: string;
  expected_output: string;
  backend_only_rendering?: boolean;
  translate_emoticons?: boolean;
  ignore?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, "..", "..", "shared", "reference", "zulip", "markdown_test_cases.json");
if (!existsSync(fixture)) {
  console.log(`no fixture at ${fixture}; nothing to check`);
  process.exit(0);
}
const data = JSON.parse(readFileSync(fixture, "utf8")) as { regular_tests: RegularCase[]; linkify_tests: [string, string, string][] };
const args = process.argv.slice(2);
const showAll = args.includes("--all-diffs");
const includeBackend = args.includes("--backend");
const filter = args.find((a) => !a.startsWith("--"));

// The fixtures assume the zulip.testserver realm with no users, channels or linkifiers.
const ctx: MarkdownContext = {
  realmUrl: "http://zulip.testserver",
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
  channelByName: () => undefined,
  realmEmoji: () => undefined,
  linkifiers: [],
};

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function showDiff(name: string, input: string, expected: string, actual: string): void {
  const at = firstDifference(expected, actual);
  const from = Math.max(0, at - 60);
  console.log(`\n✗ ${name}\n  input:    ${JSON.stringify(input).slice(0, 300)}`);
  console.log(`  expected: …${JSON.stringify(expected.slice(from, at + 120))}`);
  console.log(`  actual:   …${JSON.stringify(actual.slice(from, at + 120))}`);
}

let pass = 0;
let fail = 0;
let skipped = 0;
const failures: string[] = [];
for (const t of data.regular_tests) {
  if (filter && !t.name.includes(filter)) continue;
  if (t.ignore || (t.backend_only_rendering && !includeBackend)) {
    skipped++;
    continue;
  }
  let actual: string;
  try {
    actual = renderMarkdown(t.input, ctx, { translateEmoticons: t.translate_emoticons === true }).html;
  } catch (err) {
    actual = `THREW: ${(err as Error).stack}`;
  }
  if (actual === t.expected_output) pass++;
  else {
    fail++;
    failures.push(t.name);
    if (showAll || failures.length <= 40) showDiff(t.name, t.input, t.expected_output, actual);
  }
}
let lpass = 0;
let lfail = 0;
if (!filter || filter === "linkify") {
  for (const [input, template, url] of data.linkify_tests) {
    let expected = template;
    if (template.includes("%s")) {
      const href = url.startsWith("http") ? url : url.includes("@") ? `mailto:${url}` : `http://${url}`;
      expected = template.replace("%s", `<a href="${href}">${url}</a>`);
    }
    const actual = renderMarkdown(input, ctx).html;
    if (actual === expected) lpass++;
    else {
      lfail++;
      failures.push(`linkify: ${input}`);
      showDiff(`linkify ${JSON.stringify(input)}`, input, expected, actual);
    }
  }
}
const total = pass + fail + lpass + lfail;
console.log(`\nregular: ${pass}/${pass + fail} pass (${skipped} backend-only/ignored skipped)`);
console.log(`linkify: ${lpass}/${lpass + lfail} pass`);
console.log(`overall: ${pass + lpass}/${total} = ${((100 * (pass + lpass)) / Math.max(total, 1)).toFixed(1)}%`);
if (failures.length) console.log(`failing: ${failures.join(", ")}`);
