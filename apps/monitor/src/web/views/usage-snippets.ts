// "How to ping" examples for a check, in the languages people run their jobs in, each with the
// check's own ping URL, as upstream's usage examples. Shown as tabs by the page script; without
// it, one under another.
import { html, type Html } from "../html.js";

export function usageSnippets(url: string): [string, string, string][] {
  return [
    ["crontab", "Crontab", `# m h dom mon dow command\n8 6 * * * /home/user/backup.sh && curl -fsS -m 10 --retry 5 -o /dev/null ${url}`],
    [
      "bash",
      "Bash",
      `# Report the start, then the exit status of the job:\ncurl -fsS -m 10 --retry 5 -o /dev/null ${url}/start\n/home/user/backup.sh\ncurl -fsS -m 10 --retry 5 -o /dev/null ${url}/$?`,
    ],
    ["python", "Python", `import urllib.request\n\ntry:\n    urllib.request.urlopen("${url}", timeout=10)\nexcept OSError as e:\n    print("Ping failed: %s" % e)`],
    ["node", "Node.js", `// Node 18 and later\nfetch("${url}", { signal: AbortSignal.timeout(10_000) })\n  .catch((err) => console.error("Ping failed:", err));`],
    ["go", "Go", `package main\n\nimport (\n\t"net/http"\n\t"time"\n)\n\nfunc main() {\n\tclient := http.Client{Timeout: 10 * time.Second}\n\tif _, err := client.Head("${url}"); err != nil {\n\t\tpanic(err)\n\t}\n}`],
    ["powershell", "PowerShell", `# Inside a scheduled task's script:\nInvoke-RestMethod -TimeoutSec 10 -Uri ${url}`],
    ["ruby", "Ruby", `require "net/http"\nrequire "uri"\n\nNet::HTTP.get(URI.parse("${url}"))`],
    ["php", "PHP", `<?php\nfile_get_contents("${url}");`],
    ["csharp", "C#", `using var client = new System.Net.Http.HttpClient();\nawait client.GetAsync("${url}");`],
  ];
}

export function snippetTabs(id: string, snippets: [string, string, string][]): Html {
  return html`<div class="snippets" data-tabs>
    <nav class="segmented snippet-tabs" role="tablist" aria-label="Language">${snippets.map(([key, label], i) => html`<button type="button" role="tab" data-tab="${id}-${key}" aria-selected="${i === 0 ? "true" : "false"}">${label}</button>`)}</nav>
    ${snippets.map(
      ([key, label, code]) => html`<section class="snippet" id="${id}-${key}" role="tabpanel" aria-label="${label}">
      <div class="snippet-head"><span class="muted small">${label}</span><button type="button" class="small" data-copy-target="#${id}-${key} pre">Copy</button></div>
      <pre class="code">${code}</pre></section>`,
    )}
  </div>`;
}
