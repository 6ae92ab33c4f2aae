// A check's log page, one ping's details, and the download of a ping's body.
import { pingDuration } from "../../present/ping.js";
import { neighbourPings } from "../../store/check-log.js";
import { findPingByN, pingsBefore } from "../../store/pings.js";
import { accessCheck } from "../access.js";
import type { SignedInContext, WebRouter } from "../context.js";
import { loadLog } from "../log-data.js";
import { pageResponse, WebError, type WebResponse } from "../respond.js";
import { LOG_KINDS } from "../views/event-log.js";
import { logPage, type LogPageView } from "../views/log-page.js";
import { pingDetailsPage } from "../views/ping-details.js";

/** The log page shows at most this many events. */
const LOG_PAGE_EVENTS = 1000;
const PING_NUMBER = /^[1-9][0-9]{0,9}$/;
const KNOWN_KINDS = new Set(LOG_KINDS.map(([kind]) => kind));

/** A datetime-local value read as UTC; "" is no bound. */
function utcInstant(value: string): number | undefined | null {
  if (value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = Date.parse(`${value}Z`);
  return Number.isFinite(ms) ? ms : null;
}

// compat: the API pairs a run's end with a start at most 72 hours older (present/ping.ts).
const PAIRING_MS = 72 * 3600 * 1000;

async function pingOf(ctx: SignedInContext) {
  const { check, access } = await accessCheck(ctx.deps, ctx.account, ctx.params.uuid);
  const n = ctx.params.n;
  const ping = PING_NUMBER.test(n) ? await findPingByN(ctx.deps.db, check.id, Number(n)) : undefined;
  if (!ping) throw new WebError(404, "This ping was not found: it may have been removed from the log.");
  return { check, access, ping };
}

export function checkLogRoutes(web: WebRouter): void {
  web.get("/checks/:uuid/log/", async (ctx): Promise<WebResponse> => {
    const { check, access } = await accessCheck(ctx.deps, ctx.account, ctx.params.uuid);
    const q = ctx.query;
    const kinds = q.has("filtered") ? new Set(q.getAll("kind").filter((k) => KNOWN_KINDS.has(k))) : null;
    const view: LogPageView = { access, check, events: [], kinds, from: q.get("from") ?? "", to: q.get("to") ?? "", limit: LOG_PAGE_EVENTS };
    const start = utcInstant(view.from);
    const end = utcInstant(view.to);
    const now = ctx.deps.clock.now().getTime();
    if (start === null || end === null) return pageResponse(logPage(ctx.deps, ctx.visitor, { ...view, error: "Enter the dates as YYYY-MM-DD and the times as HH:MM." }, now), 400);
    // "To" names a minute: the whole of it is in the window.
    view.events = await loadLog(ctx.deps, check, { window: { start, end: end === undefined ? undefined : end + 60_000 }, kinds, limit: LOG_PAGE_EVENTS });
    return pageResponse(logPage(ctx.deps, ctx.visitor, view, now));
  });

  web.get("/checks/:uuid/pings/:n/", async (ctx) => {
    const { check, access, ping } = await pingOf(ctx);
    // Every earlier ping within the pairing window is at hand, so the answer is final.
    const earlier = await pingsBefore(ctx.deps.db, check.id, ping.id, ping.created - PAIRING_MS);
    const duration = pingDuration(ping, earlier, true) ?? undefined;
    const { previous, next } = await neighbourPings(ctx.deps.db, check.id, ping.n);
    return pageResponse(pingDetailsPage(ctx.deps, ctx.visitor, { access, check, ping, duration, previous, next }));
  });

  web.get("/checks/:uuid/pings/:n/body/", async (ctx) => {
    const { ping } = await pingOf(ctx);
    if (!ping.body || ping.body.length === 0) throw new WebError(404, "This ping had no body.");
    return { kind: "download", body: Buffer.from(ping.body), filename: `ping-${ping.n}-body.txt`, type: "application/octet-stream" };
  });
}
