// Prints docs/configuration.md from the settings each app declares, so the document
// cannot drift from the code: `node --import tsx scripts/config-docs.ts > docs/configuration.md`.
import { monitorSettings } from "../apps/monitor/src/config.js";
import { chatSettings } from "../apps/chat/src/config.js";
import { KINDS, requiredSettings } from "../apps/monitor/src/integrations/registry.js";
import type { SettingsSpec } from "../packages/platform/src/index.js";

function table(spec: SettingsSpec): string {
  const rows = Object.values(spec).map((s) => {
    const empty = s.default === "" || (Array.isArray(s.default) && s.default.length === 0);
    const value = empty ? "(empty)" : `\`${String(s.default)}\``;
    return `| \`${s.env}\` | ${value} | ${s.description} |`;
  });
  return ["| variable | default | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

// Every kind gets a section, settings or not, so that kinds built side by side change
// separate parts of this page.
function kindSections(): string {
  return [...KINDS]
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((kind) => {
      const spec = kind.settings.spec;
      let body = kind.delivers ? "No settings." : "Not delivered yet: listed by the API and stored as given.";
      if (Object.keys(spec).length > 0) {
        const required = requiredSettings(kind).map((name) => `\`${name}\``);
        body = table(spec) + (required.length ? `\n\nNeeds ${required.join(" and ")}.` : "");
      }
      return `### ${kind.title} (\`${kind.kind}\`)\n\n${body}`;
    })
    .join("\n\n");
}

process.stdout.write(`# Configuration

Every setting is read from an environment variable when a server starts; options on the
\`beacon\` command line override them. A bad value stops the start with a message naming
the variable. This page is generated from the code by \`scripts/config-docs.ts\`.

## Monitor (\`beacon monitor …\`)

${table(monitorSettings)}

## Monitor integrations

Each integration kind reads its own settings (declared in
\`apps/monitor/src/integrations/<kind>/\`). A kind whose required settings are missing is not
offered by the dashboard, and \`beacon monitor create-integration\` refuses it, naming the variable.

${kindSections()}

## Chat (\`beacon chat …\`)

${table(chatSettings)}

## Both

| variable | default | meaning |
| --- | --- | --- |
| \`LOG_LEVEL\` | \`info\` | pino log level: \`debug\`, \`info\`, \`warn\`, \`error\` or \`silent\` |
| \`TEST_DATABASE_URL\` | (empty) | tests only: run the suite on this PostgreSQL database instead of SQLite |
`);
