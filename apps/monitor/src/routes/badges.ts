// Public badges: per project or tag (/badge/…) and per check (/b/…). No key; project and
// tag badges are authorised by a signature in the URL.
import { sameSecret } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { NOT_FOUND_EMPTY, op, ref, type OperationDoc } from "../http/api-doc.js";
import { empty, json, type ApiResponse } from "../http/responses.js";
import { route, type ApiRoute } from "../http/router.js";
import { badgeSignature } from "../lib/badges.js";
import { badgeSvg, type BadgeStatus } from "../lib/badge-svg.js";
import { computeStatus } from "../lib/status.js";
import { tagsList } from "../lib/tags.js";
import { findCheckByBadgeKey, listChecks } from "../store/checks.js";
import { findProjectByBadgeKey } from "../store/projects.js";
import type { Check } from "../store/schema.js";

const FORMATS = new Set(["svg", "json", "shields"]);
const SHIELDS_COLORS: Record<BadgeStatus, string> = { up: "success", late: "important", down: "critical" };

/** compat: Django's never_cache, which the upstream puts on badges. */
function noCache(now: Date): Record<string, string> {
  return { "cache-control": "max-age=0, no-cache, no-store, must-revalidate, private", expires: now.toUTCString() };
}

interface Tally {
  status: BadgeStatus;
  total: number;
  grace: number;
  down: number;
}

function tally(checks: Check[], now: number, withLate: boolean): Tally {
  let grace = 0;
  let down = 0;
  for (const check of checks) {
    const status = computeStatus(check, now, false);
    if (status === "down") down++;
    else if (status === "grace") grace++;
  }
  const status: BadgeStatus = down > 0 ? "down" : grace > 0 && withLate ? "late" : "up";
  return { status, total: checks.length, grace, down };
}

function render(fmt: string, label: string, t: Tally, headers: Record<string, string>, perCheck = false): ApiResponse {
  if (fmt === "svg") return { status: 200, body: badgeSvg(label, t.status), contentType: "image/svg+xml", headers };
  if (fmt === "json") {
    const body = perCheck ? { status: t.status, total: 1, grace: Math.min(t.grace, 1), down: Math.min(t.down, 1) } : { status: t.status, total: t.total, grace: t.grace, down: t.down };
    return { ...json(body), headers };
  }
  return { ...json({ schemaVersion: 1, label, message: t.status, color: SHIELDS_COLORS[t.status] }), headers };
}

/** The tag segment arrives percent-encoded twice (see lib/badges.ts). */
function decodeTag(raw: string): string | null {
  try {
    return decodeURIComponent(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** Each format's body: an SVG image (svg), or JSON: the tally (json) or a shields.io endpoint's body (shields). */
const BADGE = {
  description: "The badge, in the format asked for.",
  body: [
    { contentType: "image/svg+xml", schema: { type: "string" } },
    { contentType: "application/json", schema: { anyOf: [ref("BadgeJson"), ref("ShieldsBadge")] } },
  ],
};
const FORMAT = { schema: { enum: [...FORMATS] }, description: "svg, json or shields." };
const SIGNATURE = { description: "The URL's signature: 8 characters for the three-state badge, with `-2` for the two-state one (no late state)." };

const DOCS = {
  project: op({
    id: "getProjectBadge",
    summary: "The project's badge: down when any check is down, else late when any is late",
    tag: "badges",
    auth: "none",
    path: { badge_key: { description: "The project's badge key." }, signature: SIGNATURE, format: FORMAT },
    success: BADGE,
    errors: [{ ...NOT_FOUND_EMPTY, description: "An unknown format, key or a wrong signature (no body)." }],
  }),
  tag: op({
    id: "getTagBadge",
    summary: "The badge of the project's checks that carry a tag",
    tag: "badges",
    auth: "none",
    path: { badge_key: { description: "The project's badge key." }, signature: SIGNATURE, tag: { description: "The tag, percent-encoded twice." }, format: FORMAT },
    success: BADGE,
    errors: [{ ...NOT_FOUND_EMPTY, description: "An unknown format, key or a wrong signature (no body)." }],
  }),
  check: op({
    id: "getCheckBadge",
    summary: "One check's badge",
    tag: "badges",
    auth: "none",
    path: { states: { schema: { enum: [2, 3] }, description: "2 for up and down only, 3 to show late too." }, badge_key: { description: "The check's badge key." }, format: FORMAT },
    success: BADGE,
    errors: [{ ...NOT_FOUND_EMPTY, description: "An unknown format or key (no body)." }],
  }),
} satisfies Record<string, OperationDoc>;

export function badgeRoutes(deps: MonitorDeps): ApiRoute[] {
  async function projectBadge(badgeKey: string, signature: string, rawTag: string | null, fmt: string): Promise<ApiResponse> {
    if (!FORMATS.has(fmt)) return empty(404);
    const tag = rawTag === null ? "*" : decodeTag(rawTag);
    if (tag === null) return empty(404);
    // compat: only the first eight characters are compared; a ten-character segment
    // ending in -2 asks for the two-state badge.
    const twoState = signature.length === 10 && signature.endsWith("-2");
    if (!sameSecret(signature.slice(0, 8), badgeSignature(badgeKey, tag, deps.secretKey))) return empty(404);
    const project = await findProjectByBadgeKey(deps.db, badgeKey);
    if (!project) return empty(404);
    let checks = await listChecks(deps.db, project.id);
    if (tag !== "*") checks = checks.filter((c) => tagsList(c.tags).includes(tag));
    const now = deps.clock.now();
    const label = tag === "*" ? deps.config.siteName : tag;
    return render(fmt, label, tally(checks, now.getTime(), !twoState), noCache(now));
  }

  return [
    route("badge/<slug:badge_key>/<slug:signature>.<slug:format>", {
      GET: (req) => projectBadge(req.params[0], req.params[1], null, req.params[2]),
    }, { doc: DOCS.project }),
    route("badge/<slug:badge_key>/<slug:signature>/<tag>.<slug:format>", {
      GET: (req) => projectBadge(req.params[0], req.params[1], req.params[2], req.params[3]),
    }, { doc: DOCS.tag }),
    route("b/<int:states>/<uuid:badge_key>.<slug:format>", {
      async GET(req) {
        const [states, badgeKey, fmt] = req.params;
        if (!FORMATS.has(fmt)) return empty(404);
        const check = await findCheckByBadgeKey(deps.db, badgeKey);
        if (!check) return empty(404);
        const now = deps.clock.now();
        const label = check.name || check.uuid;
        return render(fmt, label, tally([check], now.getTime(), Number(states) === 3), noCache(now), true);
      },
    }, { doc: DOCS.check }),
  ];
}
