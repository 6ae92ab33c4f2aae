import { bodilessGet, type FastPath } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { createCheck, deleteCheck, updateCheck, type CheckOutcome } from "../actions/checks.js";
import { pauseCheck, resumeCheck } from "../actions/pause-resume.js";
import { accessCheck, accessCheckByUniqueKey } from "../http/access.js";
import { authorizeRead, authorizeWrite, headerKeyHash, readKeyHash, type ReadAuth } from "../http/auth.js";
import { API_KEY_FIELD, FOREIGN, jsonBody, NOT_FOUND_EMPTY, NOT_FOUND_PAGE, op, ref, textBody, type OperationDoc } from "../http/api-doc.js";
import { checkSpecFields, validateCheckSpec } from "../http/check-spec.js";
import { empty, halt, json, jsonError, PageNotFound, text, type ApiResponse } from "../http/responses.js";
import { pythonJson, route, writeBuffer, type ApiRequest, type ApiRoute, type Dispatcher } from "../http/router.js";
import { presentCheck, type CheckContext } from "../present/check.js";
import { channelUuidsByCheck } from "../store/channels.js";
import { listChecks } from "../store/checks.js";
import { dependencyUuidsByCheck } from "../store/dependencies.js";
import { ownWindowsByCheck } from "../store/maintenance.js";
import { readCache } from "../store/read-cache.js";
import type { Check, Project } from "../store/schema.js";
import { statusStableUntil } from "../lib/status.js";
import { tagsList } from "../lib/tags.js";

const JSON_TYPE = "application/json";

/** What the read cache files a read under: the key's hash and the URL as requested. */
const readCacheKey = (hash: string | undefined, url: string) => `${hash} ${url}`;

/**
 * A GET the read cache can answer, answered before Fastify routes it (platform
 * createHttpServer's fastPath, as routes/ping.ts does for pings): the entry is the body the
 * dispatcher sent for the same URL and key, and `api` gives that URL's route's headers, so the
 * answer is the same bytes (test/api/read-fast-path.test.ts). Anything else (a miss, a stale
 * entry, a request with a body, another method, PostgreSQL) goes to Fastify, which fills the
 * cache.
 */
export function cachedReadFastPath(deps: MonitorDeps, api: Dispatcher): FastPath {
  const cache = readCache(deps.sqlite);
  if (!cache) return () => false;
  return (req, res) => {
    const url = bodilessGet(req, "/api/v");
    if (url === undefined) return false;
    const hash = headerKeyHash(req.headers["x-api-key"]);
    if (hash === undefined) return false;
    let hit: Buffer | undefined;
    try {
      const stamp = cache.stamp();
      hit = stamp === undefined ? undefined : cache.get(readCacheKey(hash, url), stamp, deps.clock.now().getTime());
    } catch {
      return false; // the route asks again, and answers whatever went wrong
    }
    const cors = hit && api.corsOf(url);
    if (!hit || !cors) return false;
    writeBuffer(res, hit, JSON_TYPE, cors);
    return true;
  };
}

/** The first rule a field breaks (http/check-spec.ts), then the channels and dependencies named (actions/checks.ts). */
const CHECK_SPEC_ERRORS = [
  "json validation error: <field> is not a string",
  "json validation error: <field> is too long",
  "empty channel identifier",
  "invalid channel identifier: <id>",
  "non-unique channel identifier: <id>",
  "invalid check identifier in depends_on: <uuid>",
  "a check cannot depend on itself",
  "depends_on would make a cycle of dependencies",
];
const writeBody = (version: 1 | 2 | 3) => [...checkSpecFields(version), API_KEY_FIELD];
const oneCheck = (description: string) => ({ ...jsonBody(ref("Check")), description });

const DOCS = {
  list: op({
    id: "listChecks",
    summary: "List the project's checks",
    tag: "checks",
    auth: "read",
    query: [
      { name: "tag", schema: { type: "string" }, description: "Only checks with this tag; repeat for checks with every tag given." },
      { name: "slug", schema: { type: "string" }, description: "Only the check with this slug." },
    ],
    success: jsonBody({ type: "object", properties: { checks: { type: "array", items: ref("Check") } }, required: ["checks"] }),
  }),
  create: op({
    id: "createCheck",
    summary: "Create a check, or with `unique` update the existing one that matches",
    tag: "checks",
    auth: "write",
    body: writeBody,
    success: { ...jsonBody(ref("Check"), 201), description: "Created. A check matched by `unique` is updated and answered with 200." },
    errors: [
      { status: 400, codes: CHECK_SPEC_ERRORS },
      { status: 403, description: "The account's check limit is reached (no body).", body: null },
    ],
  }),
  get: op({ id: "getCheck", summary: "Get a check by its UUID", tag: "checks", auth: "read", success: oneCheck("The check."), errors: [FOREIGN, NOT_FOUND_PAGE] }),
  getByUniqueKey: op({ id: "getCheckByUniqueKey", summary: "Get a check by its unique key (read-only keys)", tag: "checks", auth: "read", success: oneCheck("The check."), errors: [NOT_FOUND_EMPTY] }),
  update: op({
    id: "updateCheck",
    summary: "Update a check",
    tag: "checks",
    auth: "write",
    body: writeBody,
    success: oneCheck("The updated check."),
    errors: [{ status: 400, codes: CHECK_SPEC_ERRORS }, FOREIGN, NOT_FOUND_PAGE],
  }),
  remove: op({ id: "deleteCheck", summary: "Delete a check", tag: "checks", auth: "write", success: oneCheck("The check as it was."), errors: [FOREIGN, NOT_FOUND_PAGE] }),
  pause: op({ id: "pauseCheck", summary: "Pause a check's monitoring", tag: "checks", auth: "write", body: [API_KEY_FIELD], success: oneCheck("The paused check."), errors: [FOREIGN, NOT_FOUND_PAGE] }),
  resume: op({
    id: "resumeCheck",
    summary: "Resume a paused check",
    tag: "checks",
    auth: "write",
    body: [API_KEY_FIELD],
    success: oneCheck("The resumed check."),
    errors: [FOREIGN, NOT_FOUND_PAGE, { status: 409, description: "The check is not paused.", body: textBody("text/html; charset=utf-8", "check is not paused").body }],
  }),
} satisfies Record<string, OperationDoc>;
type Extensions = Pick<CheckContext, "dependencies" | "windows">;

export function checkRoutes(deps: MonitorDeps): ApiRoute[] {
  /** What the checks' extension fields show that is not in their rows. */
  const extensionsOf = async (checkIds: number[]): Promise<Extensions> => ({
    dependencies: await dependencyUuidsByCheck(deps.db, checkIds),
    windows: await ownWindowsByCheck(deps.db, checkIds),
  });
  const context = (req: ApiRequest, readOnly: boolean, now = deps.clock.now().getTime(), extensions: Extensions = {}): CheckContext => ({ config: deps.config, version: req.version, readOnly, now, ...extensions });

  const cache = readCache(deps.sqlite);

  async function present(req: ApiRequest, check: Check, readOnly = false, status = 200, now?: number): Promise<ApiResponse> {
    const channels = readOnly ? new Map() : await channelUuidsByCheck(deps.db, [check.id]);
    return json(presentCheck(check, channels.get(check.id) ?? [], context(req, readOnly, now, await extensionsOf([check.id]))), status);
  }

  /**
   * A 200 JSON answer of a read, served from the read cache (store/read-cache.ts) when the
   * database has not changed since the same key asked the same URL. A hit skips the key's
   * look-up: only 200s are cached, by the key's hash, so the key was valid and its project's
   * checks are what was read. `load` authorizes, reads the checks (after the stamp: never older
   * than it) and answers the body, computing statuses at `now`.
   */
  async function cachedRead(req: ApiRequest, load: (auth: ReadAuth, now: number) => Promise<{ body: unknown; checks: Check[] }>): Promise<ApiResponse> {
    const stamp = cache?.stamp();
    const now = deps.clock.now().getTime();
    const hash = readKeyHash(req);
    const key = readCacheKey(hash, req.raw.url);
    const hit = stamp === undefined || hash === undefined ? undefined : cache!.get(key, stamp, now);
    if (hit !== undefined) return { status: 200, body: hit, contentType: JSON_TYPE };
    const { body, checks } = await load(await authorizeRead(deps, req, hash), now);
    const bytes = Buffer.from(pythonJson(body));
    if (stamp !== undefined) {
      let validUntil = Infinity;
      for (const check of checks) validUntil = Math.min(validUntil, statusStableUntil(check, now));
      cache!.set(key, stamp, validUntil, bytes);
    }
    return { status: 200, body: bytes, contentType: JSON_TYPE };
  }

  function outcome(req: ApiRequest, result: CheckOutcome): Promise<ApiResponse> | ApiResponse {
    switch (result.kind) {
      case "created":
        return present(req, result.check, false, 201);
      case "updated":
        return present(req, result.check);
      case "limit":
        return empty(403);
      case "channel_error":
        return jsonError(400, result.error);
      case "gone":
        throw new PageNotFound();
    }
  }

  function validSpec(body: Parameters<typeof validateCheckSpec>[0], version: ApiRequest["version"]) {
    const result = validateCheckSpec(body, version);
    if ("error" in result) halt(jsonError(400, result.error));
    return result.ok;
  }

  /** The project's checks, filtered by `slug` and every `tag` of the query. */
  async function listedChecks(req: ApiRequest, project: Project): Promise<Check[]> {
    const wanted = req.query.getAll("tag");
    const slug = req.query.get("slug") ?? undefined;
    // No slug holds a NUL (PostgreSQL could not even compare one): such a filter matches nothing.
    const checks = slug?.includes("\u0000") ? [] : await listChecks(deps.db, project.id, { slug });
    if (wanted.length === 0) return checks;
    return checks.filter((check) => {
      const tags = new Set(tagsList(check.tags));
      return wanted.every((tag) => tags.has(tag));
    });
  }

  return [
    route("checks/", {
      async GET(req) {
        return cachedRead(req, async ({ project, readOnly }, now) => {
          const checks = await listedChecks(req, project);
          const channels = readOnly ? new Map<number, string[]>() : await channelUuidsByCheck(deps.db, checks.map((c) => c.id));
          const ctx = context(req, readOnly, now, await extensionsOf(checks.map((c) => c.id)));
          return { body: { checks: checks.map((check) => presentCheck(check, channels.get(check.id) ?? [], ctx)) }, checks };
        });
      },
      async POST(req) {
        const { project, body } = await authorizeWrite(deps, req);
        return outcome(req, await createCheck(deps, project, validSpec(body, req.version), req.version));
      },
    }, { doc: { GET: DOCS.list, POST: DOCS.create } }),
    route("checks/<uuid>", {
      async GET(req) {
        return cachedRead(req, async ({ project, readOnly }, now) => {
          const check = await accessCheck(deps, project, req.params[0]);
          return { body: (await present(req, check, readOnly, 200, now)).body, checks: [check] };
        });
      },
      async POST(req) {
        const { project, body } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        return outcome(req, await updateCheck(deps, check, validSpec(body, req.version), req.version));
      },
      async DELETE(req) {
        const { project } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        if (!(await deleteCheck(deps, check))) throw new PageNotFound();
        // compat: integration links are gone by the time the upstream serialises the check.
        return json(presentCheck(check, [], context(req, false)));
      },
    }, { doc: { GET: DOCS.get, POST: DOCS.update, DELETE: DOCS.remove } }),
    route("checks/<unique_key>", {
      async GET(req) {
        return cachedRead(req, async ({ project, readOnly }, now) => {
          const check = await accessCheckByUniqueKey(deps, project, req.params[0]);
          return { body: (await present(req, check, readOnly, 200, now)).body, checks: [check] };
        });
      },
    }, { doc: { GET: DOCS.getByUniqueKey } }),
    route("checks/<uuid>/pause", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const paused = await pauseCheck(deps, await accessCheck(deps, project, req.params[0]));
        if (!paused) throw new PageNotFound();
        return present(req, paused);
      },
    }, { doc: { POST: DOCS.pause } }),
    route("checks/<uuid>/resume", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const result = await resumeCheck(deps, await accessCheck(deps, project, req.params[0]));
        if (result.kind === "not_paused") return text("check is not paused", 409);
        if (result.kind === "gone") throw new PageNotFound();
        return present(req, result.check);
      },
    }, { doc: { POST: DOCS.resume } }),
  ];
}
