// Prints docs/configuration.md from the settings each app declares, so the document
// cannot drift from the code: `node --import tsx scripts/config-docs.ts > docs/configuration.md`.
import { monitorSettings } from "../apps/monitor/src/config.js";
import { chatSettings } from "../apps/chat/src/config.js";
import type { SettingsSpec } from "../packages/platform/src/index.js";

function table(spec: SettingsSpec): string {
  const rows = Object.values(spec).map((s) => {
    const empty = s.default === "" || (Array.isArray(s.default) && s.default.length === 0);
    const value = empty ? "(empty)" : `\`${String(s.default)}\``;
    return `| \`${s.env}\` | ${value} | ${s.description} |`;
  });
  return ["| variable | default | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

process.stdout.write(`# Configuration

Every setting is read from an environment variable when a server starts; options on the
\`beacon\` command line override them. A bad value stops the start with a message naming
the variable. This page is generated from the code by \`scripts/config-docs.ts\`.

## Monitor (\`beacon monitor …\`)

${table(monitorSettings)}

## Chat (\`beacon chat …\`)

${table(chatSettings)}

## Both

| variable | default | meaning |
| --- | --- | --- |
| \`LOG_LEVEL\` | \`info\` | pino log level: \`debug\`, \`info\`, \`warn\`, \`error\` or \`silent\` |
| \`TEST_DATABASE_URL\` | (empty) | tests only: run the suite on this PostgreSQL database instead of SQLite |
`);
