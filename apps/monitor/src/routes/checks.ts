import type { MonitorDeps } from "../deps.js";
import { createCheck, deleteCheck, updateCheck, type CheckOutcome } from "../actions/checks.js";
import { pauseCheck, resumeCheck } from "../actions/pauseResume.js";
import { accessCheck, accessCheckByUniqueKey } from "../http/access.js";
import { authorizeRead, authorizeWrite } from "../http/auth.js";
import { validateCheckSpec } from "../http/checkSpec.js";
import { empty, halt, json, jsonError, PageNotFound, text, type ApiResponse } from "../http/responses.js";
import { route, type ApiRequest, type ApiRoute } from "../http/router.js";
import { presentCheck } from "../present/check.js";
import { channelUuidsByCheck } from "../store/channels.js";
import { listChecks } from "../store/checks.js";
import type { Check } from "../store/schema.js";
import { tagsList } from "../lib/tags.js";

export function checkRoutes(deps: MonitorDeps): ApiRoute[] {
  const context = (req: ApiRequest, readOnly: boolean) => ({ config: deps.config, version: req.version, readOnly, now: deps.clock.now().getTime() });

  async function present(req: ApiRequest, check: Check, readOnly = false, status = 200): Promise<ApiResponse> {
    const channels = readOnly ? new Map() : await channelUuidsByCheck(deps.db, [check.id]);
    return json(presentCheck(check, channels.get(check.id) ?? [], context(req, readOnly)), status);
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

  function validSpec(body: Parameters<typeof validateCheckSpec>[0]) {
    const result = validateCheckSpec(body);
    if ("error" in result) halt(jsonError(400, result.error));
    return result.ok;
  }

  return [
    route("checks/", {
      async GET(req) {
        const { project, readOnly } = await authorizeRead(deps, req);
        const wanted = req.query.getAll("tag");
        const slug = req.query.get("slug") ?? undefined;
        // No slug holds a NUL (PostgreSQL could not even compare one): such a filter matches nothing.
        let checks = slug?.includes("\u0000") ? [] : await listChecks(deps.db, project.id, { slug });
        if (wanted.length > 0) {
          checks = checks.filter((check) => {
            const tags = new Set(tagsList(check.tags));
            return wanted.every((tag) => tags.has(tag));
          });
        }
        const channels = readOnly ? new Map<number, string[]>() : await channelUuidsByCheck(deps.db, checks.map((c) => c.id));
        const ctx = context(req, readOnly);
        return json({ checks: checks.map((check) => presentCheck(check, channels.get(check.id) ?? [], ctx)) });
      },
      async POST(req) {
        const { project, body } = await authorizeWrite(deps, req);
        return outcome(req, await createCheck(deps, project, validSpec(body), req.version));
      },
    }),
    route("checks/<uuid>", {
      async GET(req) {
        const { project, readOnly } = await authorizeRead(deps, req);
        return present(req, await accessCheck(deps, project, req.params[0]), readOnly);
      },
      async POST(req) {
        const { project, body } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        return outcome(req, await updateCheck(deps, check, validSpec(body), req.version));
      },
      async DELETE(req) {
        const { project } = await authorizeWrite(deps, req);
        const check = await accessCheck(deps, project, req.params[0]);
        if (!(await deleteCheck(deps, check))) throw new PageNotFound();
        // compat: integration links are gone by the time the upstream serialises the check.
        return json(presentCheck(check, [], context(req, false)));
      },
    }),
    route("checks/<unique_key>", {
      async GET(req) {
        const { project, readOnly } = await authorizeRead(deps, req);
        return present(req, await accessCheckByUniqueKey(deps, project, req.params[0]), readOnly);
      },
    }),
    route("checks/<uuid>/pause", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const paused = await pauseCheck(deps, await accessCheck(deps, project, req.params[0]));
        if (!paused) throw new PageNotFound();
        return present(req, paused);
      },
    }),
    route("checks/<uuid>/resume", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const result = await resumeCheck(deps, await accessCheck(deps, project, req.params[0]));
        if (result.kind === "not_paused") return text("check is not paused", 409);
        if (result.kind === "gone") throw new PageNotFound();
        return present(req, result.check);
      },
    }),
  ];
}
