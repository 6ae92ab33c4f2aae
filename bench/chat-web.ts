// The chat web app in a real browser (Debian's chromium through playwright-core) against the
// chat server on the chat benchmark's seed (BENCH_CHAT_MESSAGES, default 1,000,000) plus
// 10,000 more users and ten channels to switch between. Times are measured in the page
// (performance.now() when html[data-ready="1"] appears, or when a message's row does), so the
// figures are what a person would wait, without the driver's round trips. Scenarios:
// - first view: navigation to the channel list and the first page of messages, cold cache;
// - switching channels: click to first messages visible, p95 over 50 switches;
// - a live message: another user's send returns, then its row appears in the open view;
// - JavaScript shipped for the first view, compressed, and memory while scrolling back
//   through 5,000 messages (the list renders only what is near the viewport);
// - search: the bar's text submitted to the first highlighted results drawn (p95 of 24), and
//   the people list of 10,000: a filter keystroke to the next frame, and a scroll's frames;
// - the compose typeahead: one keystroke after "@" to the suggestions drawn, 10,000 people;
// - the emoji picker: click on a message's "add reaction" to the picker drawn with its emoji,
//   the first time with nothing loaded (its code and the emoji names fetched on the click), the
//   first time after the pointer crossed a message (which starts loading them), and again
//   (p50/p95 of 20);
// - overlays, each opened first in a page of its own and then ten times: personal settings, the
//   administration, its users list (and its search) and invitations, the channel browser (and
//   its filter), user groups. BENCH_CHAT_WEB_ONLY=overlays runs these alone.
// BENCH_CHAT_WEB_ONLY=first-view runs only the first views, with their milestones, and can take
// two builds of the app in turns (BENCH_CHAT_WEB_AB; see firstViewScenario).
// BENCH_CHAT_WEB_ONLY=switch runs the channel switches, the live messages and the emoji picker
// alone; BENCH_CHAT_WEB_TRACE=<file> writes a Chrome trace of the switches (chrome://tracing,
// or DevTools' Performance panel) with the app's beacon:* marks and a "bench:switch" span per
// switch (its tasks' thread times are the switch's CPU time, which a loaded machine's
// scheduling does not stretch as it does the wall clock).
// BENCH_CHAT_WEB_RUNS (default 10) first views; BENCH_CHAT_SEED caches the seed (see chat.ts).
// BENCH_CHAT_WEB_PIN=1 puts the server on the second CPU and the browser (with this driver) on
// the first, as a server and a browser on separate machines would be; see pinCpus below.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@beacon/platform";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { doCreateChannel } from "../apps/chat/src/actions/channels.js";
import { doCreateUser } from "../apps/chat/src/actions/users.js";
import { GroupGraph } from "../apps/chat/src/lib/group-graph.js";
import { groupSnapshot } from "../apps/chat/src/store/group-snapshot.js";
import type { ChatDatabase } from "../apps/chat/src/store/schema.js";
import { seeded, webSessionCookie, WORDS, type Seeded } from "./chat.js";
import { report, startServer } from "./lib.js";

const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
/**
 * Chromium 156 in headless mode loads its address bar's popup (a WebUI page in a renderer of its
 * own) with every new window: on the benchmark's one browser CPU it took as much of the CPU
 * as the app's page during a cold first view (a Chrome trace: 1.3 s of its main thread in a
 * 1.4 s first view under load). No user's page competes with that on a core of its own, so it
 * is turned off. A second --disable-features replaces playwright's, so its list comes first.
 */
const DISABLED_FEATURES = [
  // playwright-core 1.65's own (server/chromium/chromiumSwitches.ts)
  ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding"],
  ...["ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"],
];
const EXTRA_USERS = Number(process.env.BENCH_CHAT_WEB_USERS ?? 10_000);
const ROOMS = 10;
const ROOM_MESSAGES = 300;

interface WebSeed {
  url: string;
  historyId: number;
  /** A message in the middle of the history: scrolling back starts there. */
  anchorId: number;
  rooms: number[];
  /** Basic auth of another member, who sends the live messages. */
  senderAuth: string;
}

/** The chat seed plus the web app's additions, cached beside BENCH_CHAT_SEED when it is set. */
export async function webSeeded(): Promise<WebSeed> {
  const keep = process.env.BENCH_CHAT_SEED ? `${process.env.BENCH_CHAT_SEED}.web` : undefined;
  if (keep && existsSync(`${keep}.json`)) {
    const saved = JSON.parse(readFileSync(`${keep}.json`, "utf8")) as WebSeed;
    const copy = join(mkdtempSync(join(tmpdir(), "beacon-chat-web-bench-")), "chat.db");
    copyFileSync(keep, copy);
    return { ...saved, url: `sqlite:${copy}` };
  }
  const base = await seeded();
  const path = base.url.slice("sqlite:".length);
  const added = await addWebData(base);
  if (keep) {
    copyFileSync(path, keep);
    writeFileSync(`${keep}.json`, JSON.stringify(added));
  }
  return added;
}

async function addWebData(base: Seeded): Promise<WebSeed> {
  const database = openDatabase<ChatDatabase>(base.url);
  const db = database.db;
  const owner = await db.selectFrom("users").select(["id", "realm_id"]).where("email", "=", "owner@bench.example").executeTakeFirstOrThrow();
  const now = Date.now();
  const sender = await doCreateUser(db, { realmId: owner.realm_id, email: "live@bench.example", fullName: "Live Sender", role: 400, now });
  const sqlite = database.sqlite!;
  // 10,000 members the app must know by name (the realm's user list in /register).
  for (let i = 0; i < EXTRA_USERS; i++) await doCreateUser(db, { realmId: owner.realm_id, email: `member${i}@bench.example`, fullName: `Member ${i}`, role: 400, now, subscribeDefaults: false });
  const graph = new GroupGraph(await groupSnapshot(db, owner.realm_id));
  const channel = { realmId: owner.realm_id, description: "", inviteOnly: false, isWebPublic: false, messageRetentionDays: null, topicsPolicy: "inherit", folderId: null, creatorId: owner.id, groupSettings: {}, isDefault: false, now };
  const rooms: number[] = [];
  const insertRecipient = sqlite.prepare("insert into recipients (realm_id, type, stream_id) values (?, 2, ?)");
  const insertMessage = sqlite.prepare(
    "insert into messages (realm_id, sender_id, recipient_id, stream_id, topic, topic_key, content, rendered_content, client, date_sent) values (?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?)",
  );
  const insertUm = sqlite.prepare("insert into user_messages (user_id, message_id, flags) values (?, ?, 1)");
  for (let r = 0; r < ROOMS; r++) {
    const id = await doCreateChannel(db, graph, { ...channel, name: `room ${r}`, subscriberIds: [owner.id, sender.userId] });
    rooms.push(id);
    const existing = sqlite.prepare("select id from recipients where stream_id = ?").get(id) as { id: number } | undefined;
    const recipientId = existing?.id ?? Number(insertRecipient.run(owner.realm_id, id).lastInsertRowid);
    sqlite.transaction(() => {
      for (let i = 0; i < ROOM_MESSAGES; i++) {
        const content = `Room ${r}, message ${i}: **status** update with a [link](https://example.com/${i}) and \`code\``;
        const html = `<p>Room ${r}, message ${i}: <strong>status</strong> update with a <a href="https://example.com/${i}">link</a> and <code>code</code></p>`;
        const messageId = Number(insertMessage.run(owner.realm_id, sender.userId, recipientId, id, `topic ${i % 5}`, `topic ${i % 5}`, content, html, now - (ROOM_MESSAGES - i) * 1000).lastInsertRowid);
        insertUm.run(owner.id, messageId);
      }
    })();
  }
  const history = await db.selectFrom("streams").select("id").where("name", "=", "history").executeTakeFirstOrThrow();
  sqlite.exec("analyze");
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  await database.close();
  return { url: base.url, historyId: history.id, anchorId: base.anchorId, rooms, senderAuth: `Basic ${Buffer.from(`live@bench.example:${sender.apiKey}`).toString("base64")}` };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
};

// In-page code is given as source text: tsx compiles this file with esbuild's keepNames, whose
// __name() helper would not exist in the page if functions were passed to playwright.

/**
 * Installed in every page before its scripts: notes performance.now() the moment the current
 * narrow's first messages are on screen with the channel list (html[data-ready="1"]), and
 * Date.now() the moment each message row first appears (window.seenAt). Until the first view is
 * marked ready it watches that one attribute only: an observer of the whole document's
 * insertions queued a record for each and ran its callback through the page's load and first
 * render, the very time measured.
 */
const WATCH = `
  window.seenAt = new Map();
  var noteRows = function () {
    for (const el of document.querySelectorAll("[data-message-id]")) if (!window.seenAt.has(el.dataset.messageId)) window.seenAt.set(el.dataset.messageId, Date.now());
  };
  var check = function () {
    if (window.readyAt === undefined && document.documentElement.dataset.ready === "1" && document.querySelector('[data-testid="channel-row"]')) {
      window.readyAt = performance.now();
      // The frame that paints it: its callbacks run after the scroll events of the first placement
      // (and anything they redraw), just before its style, layout and paint.
      requestAnimationFrame(function () {
        window.frameAt = performance.now();
        console.debug("beacon-bench:shown");
      });
    }
    if (window.readyAt !== undefined) noteRows();
  };
  var rows = new MutationObserver(check);
  var watching = false;
  new MutationObserver(function () {
    check();
    if (!watching && document.documentElement.dataset.ready === "1") {
      watching = true;
      rows.observe(document, { childList: true, subtree: true });
    }
  }).observe(document, { attributes: true, attributeFilter: ["data-ready"], subtree: true });
`;

/**
 * Each page's "shown" message from WATCH. The driver waits for it rather than polling the page
 * (waitForFunction): a first poll compiles playwright's injected script in the page, 20–50 ms
 * of its main thread that would land in the middle of the first view.
 */
const shownOn = new WeakMap<Page, Promise<void>>();

/** Clicks a channel's row and resolves with the ms until its first messages are shown. */
const SWITCH = (channelId: number) => `new Promise(function (resolve, reject) {
  const row = document.querySelector('[data-testid="channel-row"][data-channel-id="${channelId}"]');
  if (!row) return reject(new Error("no row for channel ${channelId}"));
  // "0" until the new view is drawn: the previous view's "1" would otherwise satisfy the check
  // at the first unrelated change after the click, before the switch is drawn (in traces it
  // was, for returns, tens of ms before the new list was even rendered).
  document.documentElement.dataset.ready = "0";
  const start = performance.now();
  const done = function () { return document.documentElement.dataset.ready === "1" && location.hash.includes("/${channelId}-"); };
  const observer = new MutationObserver(function () {
    if (!done()) return;
    observer.disconnect();
    // A span in a trace (BENCH_CHAT_WEB_TRACE): where each switch starts and ends.
    performance.measure("bench:switch ${channelId}", { start: start });
    resolve(performance.now() - start);
  });
  observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true });
  (row.querySelector("a") || row).click();
})`;

/**
 * Clicks the newest message's "add reaction" button and resolves with the ms until the picker
 * is on screen with its emoji (the frame after they are in the page), then closes it with Esc.
 */
const OPEN_PICKER = `new Promise(function (resolve, reject) {
  const rows = document.querySelectorAll("[data-message-id]");
  const button = rows.length && rows[rows.length - 1].querySelector('[data-testid="add-reaction"]');
  if (!button) return reject(new Error("no add-reaction button"));
  const start = performance.now();
  const done = function () { return document.querySelector('[data-testid="emoji-picker"] [data-emoji-name]'); };
  const observer = new MutationObserver(function () {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(function () {
      const ms = performance.now() - start;
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      resolve(ms);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  button.click();
})`;

/**
 * Time from following a settings fragment (as the header's links do) to `selector` drawn, in the
 * page: the first time loads the overlay's and the pane's code, later ones find it loaded.
 */
const OPEN_OVERLAY = (hash: string, selector: string) => `new Promise(function (resolve) {
  const start = performance.now();
  const done = function () { return document.querySelector(${JSON.stringify(selector)}); };
  const observer = new MutationObserver(function () {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(function () {
      const ms = performance.now() - start;
      // Closed with its button, whichever overlay it is.
      document.querySelector('.modal .modal-close').click();
      resolve(ms);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  location.hash = ${JSON.stringify(hash)};
})`;

/**
 * One keystroke in the users list's search, to the next frame: the list re-renders in the
 * microtask after the input event, so that frame shows the filtered rows (a keystroke may keep
 * the count, "owne" to "owner", so the count cannot be waited on).
 */
const USER_SEARCH_KEY = (text: string) => `new Promise(function (resolve) {
  const input = document.querySelector('[data-testid="user-search"]');
  const start = performance.now();
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event("input", { bubbles: true }));
  requestAnimationFrame(function () { resolve(performance.now() - start); });
})`;

/** One keystroke in the channel browser's filter, to the next frame (the rows are drawn in the same render). */
const CHANNEL_FILTER_KEY = (text: string) => `new Promise(function (resolve) {
  const input = document.querySelector('[data-testid="channel-filter"]');
  const start = performance.now();
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event("input", { bubbles: true }));
  requestAnimationFrame(function () { resolve(performance.now() - start); });
})`;

/**
 * A search typed into the search bar and submitted (Enter), to its first page drawn with a
 * highlighted match (or "no messages"): what a person waits for after pressing Enter.
 */
const SEARCH = (text: string) => `new Promise(function (resolve) {
  const input = document.querySelector('[data-testid="search-input"]');
  document.documentElement.dataset.ready = "0";
  const start = performance.now();
  input.focus();
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  const check = function () {
    if (document.documentElement.dataset.ready === "1" && document.querySelector('[data-message-id] .highlight, .list-empty')) return resolve(performance.now() - start);
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/**
 * One keystroke in the compose box, as typed at its end: from the input event to the frame after
 * the typeahead's suggestions are drawn (the app measures each drawing as "beacon:typeahead").
 */
const TYPEAHEAD_KEY = (text: string) => `new Promise(function (resolve) {
  const box = document.querySelector('form[data-testid="compose"] textarea[name="content"]');
  const drawn = function () { return performance.getEntriesByName("beacon:typeahead").length; };
  const before = drawn();
  const start = performance.now();
  box.focus();
  box.value = ${JSON.stringify(text)};
  box.setSelectionRange(box.value.length, box.value.length);
  box.dispatchEvent(new Event("input", { bubbles: true }));
  const check = function () {
    if (drawn() === before) return requestAnimationFrame(check);
    resolve(performance.now() - start);
  };
  requestAnimationFrame(check);
})`;

/** One keystroke in the people list's filter, to the next frame drawn after it. */
const PEOPLE_KEY = (text: string) => `new Promise(function (resolve) {
  const input = document.querySelector('[data-testid="people-filter"]');
  const start = performance.now();
  input.value = ${JSON.stringify(text)};
  input.dispatchEvent(new Event("input", { bubbles: true }));
  requestAnimationFrame(function () { setTimeout(function () { resolve(performance.now() - start); }, 0); });
})`;

/** Scrolls the people list from top to bottom, a step per frame; the frames' durations. */
const PEOPLE_SCROLL = `new Promise(function (resolve) {
  const box = document.querySelector('[data-testid="people-scroll"]');
  const frames = [];
  let last = performance.now();
  box.scrollTop = 0;
  const step = function (now) {
    frames.push(now - last);
    last = now;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1 || frames.length > 400) return resolve(frames.slice(1));
    box.scrollTop += Math.ceil(box.scrollHeight / 300);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

async function readyAt(page: Page): Promise<number> {
  try {
    const shown = shownOn.get(page);
    if (shown) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([shown, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("not shown within 60 s")), 60_000)))]).finally(() => clearTimeout(timer));
      return (await page.evaluate("window.readyAt")) as number;
    }
    return (await (await page.waitForFunction("window.readyAt", undefined, { timeout: 60_000 })).jsonValue()) as number;
  } catch (error) {
    const shot = join(tmpdir(), `beacon-chat-web-bench-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`the app did not show ${page.url()} (screenshot: ${shot}): ${(error as Error).message}`);
  }
}

/** Waits until the app has loaded what it fetches after the first view (marks in the app). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(`performance.getEntriesByName("beacon:users-loaded").length > 0 && performance.getEntriesByName("beacon:topics-loaded").length > 0`, undefined, { timeout: 30_000 });
}

/**
 * The server (every thread: zlib's pool compresses its answers) on CPU 1, this process on CPU 0,
 * so that the browser it launches next is there too. On two cores the browser's processes
 * otherwise take the server's core while a page loads, and the first view measures that
 * contention more than the app (on a 2-core machine: 620–680 ms pinned, 600–1,400 ms not).
 */
function pinCpus(serverPid: number): void {
  for (const [cpu, pid] of [["1", serverPid], ["0", process.pid]] as const) {
    const done = spawnSync("taskset", ["-a", "-p", "-c", cpu, String(pid)], { stdio: "ignore" });
    if (done.status !== 0) throw new Error(`BENCH_CHAT_WEB_PIN: taskset could not pin process ${pid} to CPU ${cpu}`);
  }
}

async function signedInContext(browser: Browser, origin: string, cookie: string): Promise<BrowserContext> {
  // bypassCSP: the driver evaluates source text (see WATCH), which the app's policy forbids.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: origin, httpOnly: true, sameSite: "Lax" }]);
  await context.addInitScript({ content: WATCH });
  context.on("page", (page) => shownOn.set(page, new Promise((resolve) => page.on("console", (m) => m.text() === "beacon-bench:shown" && resolve()))));
  return context;
}

/** The overlays people open, each as a fragment (the header's and the sidebar's links) to what it draws. */
const OVERLAYS: { name: string; hash: string; drawn: string }[] = [
  { name: "personal settings (link to pane drawn)", hash: "#settings/profile", drawn: '[data-testid="pane-profile"] input[name="full_name"]' },
  { name: "the administration (link to organization profile drawn)", hash: "#organization/organization-profile", drawn: '[data-testid="pane-organization-profile"] input[name="realm_name"]' },
  { name: `the users list (${EXTRA_USERS} people)`, hash: "#organization/users", drawn: '[data-testid="user-row"]' },
  { name: "invitations (link to pending list drawn)", hash: "#organization/invites-list-admin", drawn: '[data-testid="pending-invites"], [data-testid="no-invites"]' },
  { name: "the channel browser (link to rows drawn)", hash: "#channels/all", drawn: '[data-testid="channel-entry"]' },
  { name: "user groups (link to list drawn)", hash: "#groups/all", drawn: '[data-testid="group-list"]' },
];

/**
 * Each overlay's first opening in a page of its own (a new profile: nothing cached), as a person
 * meets it: a while after the first view, once the app has loaded what it loads when idle
 * (ui/idle-prefetch.ts); then ten more openings. Then a keystroke's cost in the two overlays
 * with a filter: the users list's search and the channel browser's.
 */
async function overlayScenarios(browser: Browser, origin: string, cookie: string, room: number): Promise<void> {
  const closed = `!document.querySelector(".modal")`;
  for (const overlay of OVERLAYS) {
    const context = await signedInContext(browser, origin, cookie);
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/#narrow/channel/${room}-room.200`);
      await readyAt(page);
      await settled(page);
      await page.waitForFunction(`performance.getEntriesByName("beacon:overlays-prefetched").length > 0`, undefined, { timeout: 30_000 });
      const open = OPEN_OVERLAY(overlay.hash, overlay.drawn);
      const first = (await page.evaluate(open)) as number;
      const opens: number[] = [];
      for (let i = 0; i < 10; i++) {
        await page.waitForFunction(closed);
        opens.push((await page.evaluate(open)) as number);
      }
      report({ scenario: `chat-web: open ${overlay.name}`, first_ms: +first.toFixed(1), opens: opens.length, p50_ms: quantile(opens, 0.5), p95_ms: quantile(opens, 0.95), target: "< 150 ms" });
      await page.waitForFunction(closed);
      if (overlay.hash === "#organization/users") {
        await page.evaluate(`location.hash = "#organization/users"`);
        await page.waitForSelector('[data-testid="user-row"]');
        const keystrokes: number[] = [];
        for (const text of ["u", "u1", "u12", "u123", "u12", "u1", "u", "", "o", "ow", "own", "owne", "owner"]) keystrokes.push((await page.evaluate(USER_SEARCH_KEY(text))) as number);
        report({ scenario: "chat-web: users list search, one keystroke to rows drawn", keystrokes: keystrokes.length, p50_ms: quantile(keystrokes, 0.5), max_ms: quantile(keystrokes, 1), target: "< 50 ms" });
      } else if (overlay.hash === "#channels/all") {
        await page.evaluate(`location.hash = "#channels/all"`);
        await page.waitForSelector('[data-testid="channel-entry"]');
        const keystrokes: number[] = [];
        for (const text of ["r", "ro", "roo", "room", "room 1", "room", ""]) keystrokes.push((await page.evaluate(CHANNEL_FILTER_KEY(text))) as number);
        report({ scenario: "chat-web: channel browser filter, one keystroke to rows drawn", keystrokes: keystrokes.length, p50_ms: quantile(keystrokes, 0.5), max_ms: quantile(keystrokes, 1), target: "< 50 ms" });
      }
    } catch (error) {
      report({ scenario: `chat-web: open ${overlay.name}`, error: (error as Error).message.split("\n")[0] });
    } finally {
      await context.close();
    }
  }
}

/** The first view's milestones in the page (ms after navigation), read once it is shown. */
const FIRST_VIEW_PARTS = `(function () {
  const res = performance.getEntriesByType("resource");
  const mark = function (name) { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : -1; };
  const reg = res.find(function (r) { return /[/]json[/]register/.test(r.name); });
  // the shell's scripts and what they import, all asked for before the app's first request
  const scripts = res.filter(function (r) { return /[.]js(\\?|$)/.test(r.name) && (!reg || r.startTime < reg.startTime); });
  return {
    scripts_loaded: Math.max.apply(null, scripts.map(function (r) { return r.responseEnd; }).concat([0])),
    register_sent: reg ? reg.startTime : -1,
    register_answered: reg ? reg.responseEnd : -1,
    registered: mark("beacon:registered"),
    shown: window.readyAt,
    frame: window.frameAt === undefined ? -1 : window.frameAt,
  };
})()`;

/**
 * BENCH_CHAT_WEB_ONLY=first-view: only the cold first views, each with its milestones (scripts
 * loaded, /register sent and answered, the app's mark of it, the view shown, the frame that paints it). With
 * BENCH_CHAT_WEB_AB=dirA,dirB two servers on the same seed serve those two builds of the app
 * (CHAT_WEB_DIR), their first views taken in turns; BENCH_CHAT_WEB_TRACE_DIR=dir writes a Chrome
 * trace of each measured view there.
 */
async function firstViewScenario(browser: Browser, servers: { name: string; origin: string }[], cookie: string, hash: string): Promise<void> {
  const runs = Number(process.env.BENCH_CHAT_WEB_RUNS ?? 10);
  const traceDir = process.env.BENCH_CHAT_WEB_TRACE_DIR;
  const parts = new Map<string, Record<string, number>[]>(servers.map((s) => [s.name, []]));
  for (let i = 0; i < runs + 1; i++) {
    for (const server of servers) {
      const context = await signedInContext(browser, server.origin, cookie);
      const page = await context.newPage();
      const trace = traceDir && i > 0 ? join(traceDir, `first-view-${server.name.replace(/\W+/g, "_")}-${i}.json`) : undefined;
      if (trace) await browser.startTracing(page, { path: trace, screenshots: false, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading", "disabled-by-default-v8.cpu_profiler"] });
      await page.goto(`${server.origin}/${hash}`);
      await readyAt(page);
      const at = (await page.evaluate(FIRST_VIEW_PARTS)) as Record<string, number>;
      if (trace) await browser.stopTracing();
      if (i > 0) parts.get(server.name)!.push(at);
      if (process.env.BENCH_DEBUG) process.stderr.write(`chat-web: ${server.name} ${JSON.stringify(Object.fromEntries(Object.entries(at).map(([k, v]) => [k, Math.round(v)])))}\n`);
      await settled(page);
      await context.close();
    }
  }
  for (const [name, rows] of parts) {
    const median = (key: string) => quantile(rows.map((r) => r[key]!), 0.5);
    const shown = rows.map((r) => r.shown!);
    report({
      scenario: `chat-web: first view, cold cache${servers.length > 1 ? ` (${name})` : ""}`,
      runs,
      p50_ms: quantile(shown, 0.5),
      min_ms: quantile(shown, 0),
      max_ms: quantile(shown, 1),
      medians: { scripts_loaded: median("scripts_loaded"), register_sent: median("register_sent"), register_answered: median("register_answered"), registered: median("registered"), shown: median("shown"), frame: median("frame") },
      target: "< 500 ms",
    });
  }
}

/** First views, cold: each in a new profile; the first warms the server and is not counted. */
async function firstViews(browser: Browser, origin: string, cookie: string, historyHash: string): Promise<void> {
  const runs = Number(process.env.BENCH_CHAT_WEB_RUNS ?? 10);
  const firstViews: number[] = [];
  let scriptBytes = 0;
  let styleBytes = 0;
  for (let i = 0; i < runs + 1; i++) {
    const context = await signedInContext(browser, origin, cookie);
    const page = await context.newPage();
    await page.goto(`${origin}/${historyHash}`);
    const at = await readyAt(page);
    // The first run warms the server (its statement cache and realm state), as after a start.
    if (i > 0) firstViews.push(at);
    if (i === 1) {
      const sizes = (await page.evaluate(`performance.getEntriesByType("resource").map(function (r) { return { name: r.name, bytes: r.encodedBodySize }; })`)) as { name: string; bytes: number }[];
      for (const r of sizes) {
        if (/\.js(\?|$)/.test(r.name)) scriptBytes += r.bytes;
        else if (/\.css(\?|$)/.test(r.name)) styleBytes += r.bytes;
      }
    }
    // The page's follow-up requests (the user list, the open channel's topics) finish before
    // the next cold start, so that each first view meets a server with nothing else to do.
    await settled(page);
    await context.close();
  }
  report({ scenario: "chat-web: first view (channel list and first messages), cold cache", runs, p50_ms: quantile(firstViews, 0.5), max_ms: quantile(firstViews, 1), target: "< 500 ms" });
  report({ scenario: "chat-web: JavaScript for the first view, compressed", kb: +(scriptBytes / 1024).toFixed(1), css_kb: +(styleBytes / 1024).toFixed(1), target: "< 150 KB" });
}

export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(`chat-web: ${CHROMIUM} is not installed (apt-get install chromium); skipped\n`);
    return;
  }
  const seed = await webSeeded();
  const cookie = await webSessionCookie(seed.url);
  const ab = process.env.BENCH_CHAT_WEB_AB?.split(",");
  const servers = await Promise.all((ab ?? [""]).map((dir) => startServer("bench/servers/chat.ts", { BENCH_DATABASE_URL: seed.url, ...(dir ? { CHAT_WEB_DIR: dir } : {}) })));
  const server = servers[0]!;
  if (process.env.BENCH_CHAT_WEB_PIN === "1") for (const s of servers) pinCpus(s.child.pid!);
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", `--disable-features=${DISABLED_FEATURES.join(",")}`] });
  try {
    const origin = server.url;
    const historyHash = `#narrow/channel/${seed.historyId}-history`;
    const only = process.env.BENCH_CHAT_WEB_ONLY;
    if (only === "first-view") return await firstViewScenario(browser, servers.map((s, k) => ({ name: ab?.[k] ?? "", origin: s.url })), cookie, historyHash);
    if (only === "overlays") return await overlayScenarios(browser, origin, cookie, seed.rooms[0]!);
    if (only !== "switch") await firstViews(browser, origin, cookie, historyHash);

    // Switching channels, and a live message, in one open page.
    const context = await signedInContext(browser, origin, cookie);
    const page = await context.newPage();
    await page.goto(`${origin}/#narrow/channel/${seed.rooms[0]}-room.200`);
    await readyAt(page);
    // Switching starts once the page has loaded what follows its first view (see below).
    await settled(page);
    const trace = process.env.BENCH_CHAT_WEB_TRACE;
    // With BENCH_CHAT_WEB_TRACE_JS=1 the trace samples JavaScript too (a CPU profile; it slows the page).
    const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "loading"];
    if (process.env.BENCH_CHAT_WEB_TRACE_JS === "1") categories.push("disabled-by-default-v8.cpu_profiler");
    if (trace) await browser.startTracing(page, { path: trace, categories });
    const switches: number[] = [];
    for (let i = 1; i <= 50; i++) {
      const id = seed.rooms[i % seed.rooms.length];
      const ms = (await page.evaluate(SWITCH(id!))) as number;
      switches.push(ms);
    }
    if (trace) await browser.stopTracing();
    if (process.env.BENCH_DEBUG) process.stderr.write(`chat-web: switches ${switches.map(Math.round).join(" ")}\n`);
    report({ scenario: "chat-web: switch channel to first messages visible", switches: switches.length, p50_ms: quantile(switches, 0.5), p95_ms: quantile(switches, 0.95), target: "p95 < 150 ms" });

    // Live: the open view is room 0's; another member sends to it through the API.
    const room = seed.rooms[0]!;
    await page.close();
    const live = await context.newPage();
    await live.goto(`${origin}/#narrow/channel/${room}-room.200`);
    await readyAt(live);
    // As for the first views: what the page loads after its first view (the user list, the
    // topics) is in before the measured messages, which meet an open view with nothing to do.
    await settled(live);
    const lags: number[] = [];
    // The first message warms the server's send path and event fan-out (statements prepared on
    // first use: its event reached the page 160 ms after the send returned, the next ones
    // before it), as the first of the first views warms its reads; it is not counted.
    for (let i = -1; i < 20; i++) {
      const body = new URLSearchParams({ type: "stream", to: String(room), topic: "live", content: `live message ${i}` });
      const res = await fetch(`${origin}/api/v1/messages`, { method: "POST", headers: { authorization: seed.senderAuth, "content-type": "application/x-www-form-urlencoded" }, body });
      const returned = Date.now();
      const { id } = (await res.json()) as { id: number };
      const seenAt = await live
        .waitForFunction(`window.seenAt.get("${id}") || false`, undefined, { timeout: 10_000 })
        .then((h) => h.jsonValue() as Promise<number>);
      if (i >= 0) lags.push(Math.max(0, seenAt - returned));
    }
    if (process.env.BENCH_DEBUG) process.stderr.write(`chat-web: live lags ${lags.join(" ")}\n`);
    report({ scenario: "chat-web: another user's message visible after the send returns", messages: lags.length, p50_ms: quantile(lags, 0.5), max_ms: quantile(lags, 1), target: "< 300 ms" });

    // The emoji picker, in the open live page: the first open loads its code and the emoji
    // names (nothing has prefetched them: the driver's pointer never came over a message).
    const pickerFirst = (await live.evaluate(OPEN_PICKER)) as number;
    const pickerOpens: number[] = [];
    for (let i = 0; i < 20; i++) {
      await live.waitForFunction(`!document.querySelector('[data-testid="emoji-picker"]')`);
      pickerOpens.push((await live.evaluate(OPEN_PICKER)) as number);
    }
    // As a person meets it: their pointer crosses the messages on its way to the button, and
    // that starts loading the picker (ui/message/prefetch.ts); the first open comes after.
    const fresh = await context.newPage();
    await fresh.goto(`${origin}/#narrow/channel/${room}-room.200`);
    await readyAt(fresh);
    await settled(fresh);
    await fresh.evaluate(`document.querySelector('[data-testid="message-list"] [data-message-id]').dispatchEvent(new PointerEvent("pointerover", { bubbles: true }))`);
    await fresh.waitForFunction(`performance.getEntriesByType("resource").filter(function (r) { return /emoji_api[.]json|[/]Picker-[^/]*[.]js/.test(r.name) && r.responseEnd > 0; }).length >= 2`);
    const pickerPrefetched = (await fresh.evaluate(OPEN_PICKER)) as number;
    await fresh.close();
    report({
      scenario: "chat-web: emoji picker open (click to emoji drawn)",
      first_cold_ms: +pickerFirst.toFixed(1),
      first_after_pointer_ms: +pickerPrefetched.toFixed(1),
      opens: pickerOpens.length,
      p50_ms: quantile(pickerOpens, 0.5),
      p95_ms: quantile(pickerOpens, 0.95),
      target: "< 100 ms",
    });

    if (only === "switch") return;
    await overlayScenarios(browser, origin, cookie, room);


    // Search, from the bar of an open page: in the history channel (the seed's 1,000,000
    // messages) one word of the seed's vocabulary, and across the organization two words that
    // occur together; each search a new one (a search seen before reopens its kept view).
    const searchPage = await context.newPage();
    await searchPage.goto(`${origin}/#narrow/channel/${room}-room.200`);
    await readyAt(searchPage);
    await settled(searchPage);
    const searches: number[] = [];
    const texts = [...WORDS.map((w) => `channel:history ${w}`), ...WORDS.map((w, k) => `${w} ${WORDS[(k * 7) % WORDS.length]}`)];
    for (const text of texts) searches.push((await searchPage.evaluate(SEARCH(text))) as number);
    if (process.env.BENCH_DEBUG) process.stderr.write(`chat-web: searches ${searches.map(Math.round).join(" ")}\n`);
    report({ scenario: "chat-web: search submitted to first highlighted results drawn", searches: searches.length, p50_ms: quantile(searches, 0.5), p95_ms: quantile(searches, 0.95), target: "p95 < 300 ms" });

    // The people list (the open page's right column: ${EXTRA_USERS} people): a filter typed and
    // erased, each keystroke to the next frame drawn; then a scroll from top to bottom.
    await searchPage.waitForSelector('[data-testid="person-row"]');
    const peopleKeys: number[] = [];
    for (const text of ["m", "me", "mem", "member", "member ", "member 1", "member 12", "member 123", "member 12", "member 1", "member", "me", "", "l", "li", "liv", "live"]) peopleKeys.push((await searchPage.evaluate(PEOPLE_KEY(text))) as number);
    await searchPage.evaluate(PEOPLE_KEY(""));
    const frames = (await searchPage.evaluate(PEOPLE_SCROLL)) as number[];
    await searchPage.close();
    report({ scenario: `chat-web: people filter, one keystroke to the next frame (${EXTRA_USERS} people)`, keystrokes: peopleKeys.length, p50_ms: quantile(peopleKeys, 0.5), max_ms: quantile(peopleKeys, 1), target: "< 50 ms" });
    report({ scenario: "chat-web: people list scrolled top to bottom, frame durations", frames: frames.length, p50_ms: quantile(frames, 0.5), p95_ms: quantile(frames, 0.95), max_ms: quantile(frames, 1), target: "no frame over 50 ms" });

    // The compose box's typeahead in the 10,000-person organization: "@m" matches every
    // "Member N". The first keystroke loads the typeahead's code (and may meet its index still
    // being built); the next ones are what typing costs.
    try {
      const composePage = await context.newPage();
      await composePage.goto(`${origin}/#narrow/channel/${room}-room.200/topic/typeahead`);
      await readyAt(composePage);
      await settled(composePage);
      await composePage.waitForSelector('form[data-testid="compose"] textarea[name="content"]');
      const typeaheadFirst = (await composePage.evaluate(TYPEAHEAD_KEY("@"))) as number;
      await composePage.waitForTimeout(500);
      const typed: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (const text of ["@m", "@me", "@mem", "@member", "@member 1", "@member 12", "@member 123", "@member 12", "@member 1", "@l", "@li", "@live"]) typed.push((await composePage.evaluate(TYPEAHEAD_KEY(`Hello ${text}`))) as number);
      }
      await composePage.close();
      report({ scenario: `chat-web: compose typeahead, one keystroke to suggestions drawn (${EXTRA_USERS} people)`, first_ms: +typeaheadFirst.toFixed(1), keystrokes: typed.length, p50_ms: quantile(typed, 0.5), p95_ms: quantile(typed, 0.95), max_ms: quantile(typed, 1), target: "< 50 ms" });
    } catch (error) {
      // A scenario that could not finish says so, and the ones after it still run.
      report({ scenario: `chat-web: compose typeahead, one keystroke to suggestions drawn (${EXTRA_USERS} people)`, error: (error as Error).message.split("\n")[0] });
    }

    // Memory: scroll back through 5,000 messages of the history channel, from its middle (the
    // seed's first unread message is its oldest, where the view would otherwise open).
    await live.close();
    const page2 = await context.newPage();
    const cdp = await context.newCDPSession(page2);
    await cdp.send("Performance.enable");
    const heap = async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      const { metrics } = await cdp.send("Performance.getMetrics");
      return Math.round((metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0) / 1024 / 1024);
    };
    let fetched = 0;
    page2.on("response", async (response) => {
      if (!/\/json\/messages\?/.test(response.url())) return;
      try {
        fetched += ((await response.json()) as { messages?: unknown[] }).messages?.length ?? 0;
      } catch {
        // a response the page abandoned
      }
    });
    await page2.goto(`${origin}/${historyHash}/near/${seed.anchorId}`);
    await readyAt(page2);
    fetched = 0;
    const heapBefore = await heap();
    const started = Date.now();
    while (fetched < 5000 && Date.now() - started < 120_000) {
      await page2.evaluate(`(document.querySelector('[data-testid="message-list"]') || {}).scrollTop = 0`);
      await page2.waitForTimeout(150);
    }
    if (process.env.BENCH_DEBUG) process.stderr.write(`chat-web: scrolled for ${Date.now() - started} ms, ${fetched} messages fetched\n`);
    const heapAfter = await heap();
    const rows = (await page2.evaluate(`document.querySelectorAll("[data-message-id]").length`)) as number;
    report({ scenario: "chat-web: scrolled back through 5,000 messages", messages_loaded: fetched, heap_mb_before: heapBefore, heap_mb_after: heapAfter, message_rows_in_dom: rows, target: "bounded DOM" });
    await context.close();
  } finally {
    await browser.close();
    for (const s of servers) await s.stop();
  }
}
