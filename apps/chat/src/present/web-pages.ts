// The few HTML pages the chat server writes itself, shown at the web app's addresses when the
// app cannot start: no build to serve, no organization yet, or a host naming no organization.
// Operators and people meet them in a browser, so they say what to do next, never JSON.

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Each block is a paragraph, or kept as it is when it is already an element (a <pre>). */
function page(title: string, paragraphs: string[]): string {
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>`,
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:12vh auto;padding:0 1.5rem}code{font-size:.9em;padding:.1em .3em;border-radius:4px;background:rgba(127,127,127,.15)}pre{padding:.75rem 1rem;border-radius:6px;background:rgba(127,127,127,.15);overflow-x:auto;line-height:1.6}pre code{padding:0;background:none}h1{font-size:1.5rem}</style>`,
    `</head><body><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => (p.startsWith("<pre>") ? p : `<p>${p}</p>`)).join("")}</body></html>`,
  ].join("");
}

export const webAppNotBuiltPage = (): string =>
  page("The chat web app is not built yet", [
    "This server has no build of the chat web app to serve.",
    "Build it in the repository, then reload this page:",
    "<pre><code>npm run build -w @beacon/chat-web</code></pre>",
    "(<code>npm ci</code> builds it too; <code>CHAT_WEB_DIR</code> may point at a build elsewhere.)",
    "API clients are not affected: the API is at <code>/api/v1</code>.",
  ]);

export const noOrganizationPage = (): string =>
  page("No organization yet", [
    "This chat server has no organization to sign in to.",
    "Create one on the server, then reload this page:",
    "<pre><code>beacon chat create-realm --name &quot;Acme&quot; \\\n  --owner-email you@example.com --owner-name &quot;Your Name&quot; \\\n  --owner-password …</code></pre>",
    "(<code>npm start</code> creates a demo organization on its first start.)",
  ]);

export const unknownOrganizationPage = (host: string): string =>
  page("No organization here", [`There is no organization at <code>${escapeHtml(host)}</code>.`, "Check the address you were given, or ask the person who invited you."]);
