// The few HTML pages the chat server writes itself, shown at the web app's addresses when the
// app cannot start: no build to serve, no organization yet, or a host naming no organization.
// Operators and people meet them in a browser, so they say what to do next, never JSON.

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, paragraphs: string[]): string {
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>`,
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:12vh auto;padding:0 1.5rem}code{font-size:.9em;padding:.1em .3em;border-radius:4px;background:rgba(127,127,127,.15)}h1{font-size:1.5rem}</style>`,
    `</head><body><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</body></html>`,
  ].join("");
}

export const webAppNotBuiltPage = (): string =>
  page("The chat web app is not built yet", [
    "This server has no build of the chat web app to serve.",
    "Build it with <code>npm run build -w @beacon/chat-web</code> (<code>npm ci</code> does this), or point <code>CHAT_WEB_DIR</code> at a build, then reload this page.",
    "API clients are not affected: the API is at <code>/api/v1</code>.",
  ]);

export const noOrganizationPage = (): string =>
  page("No organization yet", [
    "This chat server has no organization to sign in to.",
    "Create one with <code>beacon chat create-realm --name &quot;Acme&quot; --owner-email you@example.com --owner-name &quot;Your Name&quot; --owner-password …</code>, or start the demo with <code>npm start</code>, then reload this page.",
  ]);

export const unknownOrganizationPage = (host: string): string =>
  page("No organization here", [`There is no organization at <code>${escapeHtml(host)}</code>.`, "Check the address you were given, or ask the person who invited you."]);
