// The gallery of rendered messages for the browser test: a realm whose messages cover every
// construct the Markdown renderer produces (sent through the API and fetched back as the viewer
// sees them), and the gallery page built by Vite and served from the chat server's origin under
// the web app's Content-Security-Policy.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import type { BrowserContext } from "playwright-core";
import type { Account, ChatTest } from "../helpers.js";
import { multipart } from "../api/uploads-support.js";
import { picture } from "./pictures.js";

const GALLERY_SOURCE = new URL("./content-gallery/", import.meta.url).pathname;
// The app shell's policy (see the web contract): the content must work under it.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

/** Builds the gallery page (and with it the content module's CSS and script) with Vite. */
export async function buildGallery(outDir: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    root: GALLERY_SOURCE,
    base: "/__gallery/",
    configFile: false,
    logLevel: "silent",
    build: { outDir, emptyOutDir: true, target: "es2022", assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  });
}

/** Serves the built gallery at <site>/__gallery/ (same origin as emoji and uploads). */
export async function serveGallery(context: BrowserContext, site: string, built: string): Promise<void> {
  await context.route(`${site}/__gallery/**`, async (route) => {
    const path = normalize(decodeURIComponent(new URL(route.request().url()).pathname.slice("/__gallery/".length)));
    const file = join(built, path);
    if (path.startsWith("..") || !existsSync(file)) return route.fulfill({ status: 404, body: "not found" });
    const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
    if (file.endsWith(".html")) headers["content-security-policy"] = CSP;
    return route.fulfill({ status: 200, headers, body: readFileSync(file) });
  });
}

export interface GalleryMessage {
  id: number;
  sender: string;
  senderId: number;
  content: string;
  flags: string[];
}

export interface Gallery {
  owner: Account;
  ada: Account;
  grace: Account;
  alan: Account;
  /** Groups: Ada and Grace are designers, Alan is ops. */
  designers: number;
  ops: number;
  /** Message ids by what they show ("python", "spoiler", "emoji"…). */
  ids: Record<string, number>;
  /** The messages as Ada (the viewer) fetches them. */
  messages: GalleryMessage[];
}

export async function seedGallery(t: ChatTest): Promise<Gallery> {
  const ids: Record<string, number> = {};
  const send = async (who: Account, key: string, content: string) => {
    const res = await t.call(who, "POST", "/messages", { type: "stream", to: "design", topic: "gallery", content });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    ids[key] = res.body.id;
  };

  const owner = await t.realm();
  const ada = await t.user(owner, { name: "Ada Lovelace" });
  const grace = await t.user(owner, { name: "Grace Hopper" });
  const alan = await t.user(owner, { name: "Alan Turing" });
  const everyone = [owner, ada, grace, alan].map((a) => a.id);
  await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "design" }, { name: "engineering" }], principals: everyone });
  const designers = (await t.call(owner, "POST", "/user_groups/create", { name: "designers", description: "", members: [ada.id, grace.id] })).body.group_id;
  const ops = (await t.call(owner, "POST", "/user_groups/create", { name: "ops", description: "", members: [alan.id] })).body.group_id;
  const emoji = await multipart(t, owner, "POST", "/realm/emoji/beacon", [
    { field: "file", fileName: "beacon.png", contentType: "image/png", data: picture("emoji") },
  ]);
  assert.equal(emoji.status, 200, JSON.stringify(emoji.body));
  const upload = await multipart(t, grace, "POST", "/user_uploads", [
    { field: "file", fileName: "harbour at dusk.png", contentType: "image/png", data: picture("landscape") },
  ]);
  assert.equal(upload.status, 200, JSON.stringify(upload.body));

  await send(owner, "text", [
    "## Release notes",
    "The **new** build is *almost* ready: ~~Friday~~ Thursday, as ***promised***. Read https://example.com/changelog",
    "or [the upgrade guide](https://docs.example.com/upgrade \"Upgrading\"). Questions: [mail us](mailto:team@example.com).",
  ].join("\n"));
  await send(grace, "lists", [
    "Before we ship:",
    "1. Update the changelog",
    "2. Tag the release",
    "  - sign the tag",
    "  - push it",
    "3. Announce it",
    "",
    "- one bullet",
    "- another with `inline code` and <b>angle brackets</b> kept as text",
  ].join("\n"));
  await send(alan, "quote", [
    "> Simplicity is prerequisite for reliability.",
    "> Edsger W. Dijkstra",
    "",
    "```quote",
    "A fenced quote can hold **Markdown** too.",
    "```",
  ].join("\n"));
  await send(ada, "python", [
    "Run `npm run build` first, then:",
    "```python",
    "import json",
    "",
    "@cache",
    "def load(path: str, retries=3) -> dict:",
    '    """Read a JSON file."""',
    "    with open(path) as f:  # text mode",
    "        data = json.load(f)",
    "    return data or {\"count\": 0x1F, 'ok': True, \"ratio\": 1.5}",
    "```",
  ].join("\n"));
  await send(grace, "php", [
    "```php",
    "<?php",
    "$name = \"world\";",
    "echo \"Hello, $name\\n\"; // greet",
    "```",
    "",
    "```",
    "plain text keeps   its spacing",
    "```",
  ].join("\n"));
  await send(owner, "table", [
    "| Service | Status | p95 latency |",
    "|:--|:-:|--:|",
    "| API | up | 120 ms |",
    "| Chat | degraded | 870 ms |",
    "| Search | up | 95 ms |",
  ].join("\n"));
  await send(alan, "spoiler", ["```spoiler The ending", "The butler did it. **Obviously.**", "```", "", "```spoiler", "No title on this one.", "```"].join("\n"));
  await send(ada, "math", [
    "Euler's identity $$e^{i\\pi} + 1 = 0$$ inline, and on its own:",
    "",
    "```math",
    "\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}",
    "```",
    "",
    "A typo: $$\\frac{1}{$$",
  ].join("\n"));
  await send(owner, "mentions", "@**Ada Lovelace** could you review? cc @_**Grace Hopper**, @*designers*, @*ops*, @**all** and @**topic**.");
  await send(grace, "emoji", "Shipped :tada: :rocket: :+1: :beacon: :zulip: 😀 👋🏽 and :not_an_emoji:");
  await send(alan, "emoji-only", ":tada: :heart:");
  await send(owner, "links", `See #**design**, #**design>gallery** and #**design>gallery@${ids.text}**.`);
  await send(grace, "image", `Photos: [harbour at dusk.png](${upload.body.url})\n\nhttps://images.example.com/photos/mountain.jpg`);
  await send(ada, "time", "Stand-up moves to <time:2025-01-20T15:30:00Z>. Or was it <time:tomorrowish>?");
  await send(owner, "headings", "# Heading one\n### Heading three\n---\nAfter the rule.");

  const fetched = await t.call(ada, "GET", "/messages", { anchor: "oldest", num_before: 0, num_after: 100, narrow: [{ operator: "channel", operand: "design" }] });
  assert.equal(fetched.status, 200);
  const messages = fetched.body.messages.map((m: any) => ({ id: m.id, sender: m.sender_full_name, senderId: m.sender_id, content: m.content, flags: m.flags }));
  return { owner, ada, grace, alan, designers, ops, ids, messages };
}
