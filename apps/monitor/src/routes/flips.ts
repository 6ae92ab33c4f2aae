import type { MonitorDeps } from "../deps.js";
import { accessCheck, accessCheckByUniqueKey } from "../http/access.js";
import { authorizeRead } from "../http/auth.js";
import { FOREIGN, jsonBody, NOT_FOUND_EMPTY, NOT_FOUND_PAGE, op, ref, type OperationDoc, type ParamDoc } from "../http/api-doc.js";
import { empty, json, type ApiResponse } from "../http/responses.js";
import { route, type ApiRequest, type ApiRoute } from "../http/router.js";
import { isoSeconds } from "../lib/dates.js";
import { listFlips, type FlipFilter } from "../store/flips.js";
import type { Check } from "../store/schema.js";

/**
 * compat: the upstream parses these with Django's IntegerField: surrounding whitespace,
 * a sign, digit-group underscores and a ".0" fraction are all accepted.
 */
export function parseLenientInt(raw: string): number | null {
  const cleaned = raw.trim().replace(/\.0*\s*$/, "");
  if (!/^[+-]?\d+(_\d+)*$/.test(cleaned)) return null;
  return Number(cleaned.replaceAll("_", ""));
}

const MAX_TIMESTAMP = 10_000_000_000;
const MAX_SECONDS = 31_536_000;

function parseFilter(query: URLSearchParams, now: number): FlipFilter | null {
  const filter: FlipFilter = {};
  for (const [name, bound] of [["start", "start"], ["end", "end"]] as const) {
    const raw = query.get(name);
    if (raw === null) continue;
    const value = parseLenientInt(raw);
    if (value === null || value < 0 || value > MAX_TIMESTAMP) return null;
    filter[bound] = value * 1000;
  }
  const rawSeconds = query.get("seconds");
  // compat: an empty `seconds` means no filter, while an empty start or end is an error.
  if (rawSeconds !== null && rawSeconds !== "") {
    const seconds = parseLenientInt(rawSeconds);
    if (seconds === null || seconds < 0 || seconds > MAX_SECONDS) return null;
    if (seconds > 0) filter.start = Math.max(filter.start ?? -Infinity, now - seconds * 1000);
  }
  return filter;
}

const FILTERS: ParamDoc[] = [
  { name: "seconds", schema: { type: "integer", minimum: 0, maximum: MAX_SECONDS }, description: "Only flips of the last this many seconds." },
  { name: "start", schema: { type: "integer", minimum: 0, maximum: MAX_TIMESTAMP }, description: "Only flips at or after this UNIX time." },
  { name: "end", schema: { type: "integer", minimum: 0, maximum: MAX_TIMESTAMP }, description: "Only flips before this UNIX time." },
];
const flipList = jsonBody({ type: "object", properties: { flips: { type: "array", items: ref("Flip") } }, required: ["flips"] });
const BAD_FILTER = { status: 400, description: "A filter is not an integer in its range (no body).", body: null };

const DOCS = {
  byUuid: op({ id: "listFlips", summary: "List a check's status changes", tag: "flips", auth: "read", query: FILTERS, success: flipList, errors: [BAD_FILTER, FOREIGN, NOT_FOUND_PAGE] }),
  byUniqueKey: op({ id: "listFlipsByUniqueKey", summary: "List a check's status changes, by its unique key", tag: "flips", auth: "read", query: FILTERS, success: flipList, errors: [BAD_FILTER, NOT_FOUND_EMPTY] }),
} satisfies Record<string, OperationDoc>;

export function flipRoutes(deps: MonitorDeps): ApiRoute[] {
  async function flips(req: ApiRequest, check: Check): Promise<ApiResponse> {
    const filter = parseFilter(req.query, deps.clock.now().getTime());
    if (!filter) return empty(400);
    const rows = await listFlips(deps.db, check.id, filter);
    return json({ flips: rows.map((flip) => ({ timestamp: isoSeconds(flip.created), up: flip.new_status === "up" ? 1 : 0 })) });
  }

  return [
    route("checks/<uuid>/flips/", {
      async GET(req) {
        const { project } = await authorizeRead(deps, req);
        return flips(req, await accessCheck(deps, project, req.params[0]));
      },
    }, { doc: DOCS.byUuid }),
    route("checks/<unique_key>/flips/", {
      async GET(req) {
        const { project } = await authorizeRead(deps, req);
        return flips(req, await accessCheckByUniqueKey(deps, project, req.params[0]));
      },
    }, { doc: DOCS.byUniqueKey }),
  ];
}
