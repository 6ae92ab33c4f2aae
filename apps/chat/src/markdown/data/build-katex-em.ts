// Regenerates katex-em.json: KaTeX ≥0.16.10 rounds em lengths to 4 decimals, while the KaTeX
// Zulip's fixtures were produced with printed font-metric italic corrections unrounded
// (0.05764em, not 0.0576em). The table maps each rounded italic correction back to the
// metric value; where fonts disagree, the math-italic font (letters) wins.
// Run: node --import tsx apps/chat/src/markdown/data/build-katex-em.ts
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const dist = readFileSync(require.resolve("katex/dist/katex.mjs"), "utf8");
const start = dist.indexOf("{", dist.indexOf("var fontMetricsData = {"));
let depth = 0;
let end = start;
for (; end < dist.length; end++) {
  if (dist[end] === "{") depth++;
  else if (dist[end] === "}" && --depth === 0) break;
}
const metrics = JSON.parse(dist.slice(start, end + 1).replace(/(\d+):/g, '"$1":').replace(/"?([\w-]+)"?: \{/g, '"$1": {')) as Record<
  string,
  Record<string, number[]>
>;
const order = ["Math-Italic", "Main-Regular", "Size1-Regular", "Size2-Regular", ...Object.keys(metrics)];
const table: Record<string, string> = {};
for (const font of new Set(order)) {
  for (const m of Object.values(metrics[font] ?? {})) {
    const italic = m[2];
    if (!italic) continue;
    const rounded = String(+italic.toFixed(4));
    if (rounded !== String(italic) && !(rounded in table)) table[rounded] = String(italic);
  }
}
writeFileSync(new URL("./katex-em.json", import.meta.url), JSON.stringify(table, null, 0) + "\n");
console.log(`${Object.keys(table).length} entries`);
