// Maintenance windows (docs/monitor-extensions.md): a check's at /api/v3/checks/<uuid>/maintenance/,
// the whole project's at /api/v3/project/maintenance/. Extensions, so in API v3 only: v1 and v2
// answer the upstream's 404 for URLs it does not have.
import type { MonitorDeps } from "../deps.js";
import { addWindow, removeWindow, TOO_MANY_WINDOWS } from "../actions/maintenance.js";
import { accessCheck } from "../http/access.js";
import { authorizeRead, authorizeWrite } from "../http/auth.js";
import { FOREIGN, jsonBody, NOT_FOUND_PAGE, op, ref, type OperationDoc, type ParamDoc } from "../http/api-doc.js";
import { json, jsonError, PageNotFound, type ApiResponse } from "../http/responses.js";
import { extensionRoute, type ApiRequest, type ApiRoute } from "../http/router.js";
import { parseWindow } from "../lib/maintenance.js";
import { presentWindow } from "../present/window.js";
import { listWindows } from "../store/maintenance.js";
import type { Project } from "../store/schema.js";

const WINDOW_FIELDS: ParamDoc[] = [
  { name: "name", schema: { type: "string", maxLength: 100 } },
  { name: "start", schema: { type: "string", format: "date-time" }, description: "A one-off window's start, with a UTC offset." },
  { name: "end", schema: { type: "string", format: "date-time" }, description: "A one-off window's end, after its start." },
  { name: "schedule", schema: { type: "string", maxLength: 100 }, description: "A recurring window opens at each run of this cron or OnCalendar expression." },
  { name: "tz", schema: { type: "string" }, description: "The schedule's time zone; UTC when left out." },
  { name: "duration", schema: { type: "integer", minimum: 60, maximum: 31536000 }, description: "Seconds each occurrence of a recurring window lasts." },
];

function docs(scope: "check" | "project"): Record<"list" | "add" | "remove", OperationDoc> {
  const of = scope === "check" ? "a check's own" : "the project's (for all its checks)";
  const id = scope === "check" ? "Check" : "Project";
  const errors = scope === "check" ? [FOREIGN, NOT_FOUND_PAGE] : [];
  const tag = scope === "check" ? "checks" : "project";
  return {
    list: op({ id: `list${id}MaintenanceWindows`, summary: `List ${of} maintenance windows (Beacon's extension)`, tag, auth: "read", success: jsonBody(ref("MaintenanceWindows")), errors }),
    add: op({
      id: `add${id}MaintenanceWindow`,
      summary: `Add one of ${of} maintenance windows (Beacon's extension)`,
      tag,
      auth: "write",
      body: WINDOW_FIELDS,
      success: jsonBody(ref("MaintenanceWindow"), 201),
      errors: [...errors, { status: 400, codes: ["invalid maintenance window: <reason>", TOO_MANY_WINDOWS] }],
    }),
    remove: op({ id: `remove${id}MaintenanceWindow`, summary: `Remove one of ${of} maintenance windows (Beacon's extension)`, tag, auth: "write", success: jsonBody(ref("MaintenanceWindow")), errors: [...errors, NOT_FOUND_PAGE] }),
  };
}
const CHECK_DOCS = docs("check");
const PROJECT_DOCS = docs("project");

export function maintenanceRoutes(deps: MonitorDeps): ApiRoute[] {
  /** The check named in the URL (params[0]), or null for the project's own windows. */
  type Scope = (req: ApiRequest, project: Project) => Promise<number | null>;
  const ofCheck: Scope = async (req, project) => (await accessCheck(deps, project, req.params[0])).id;
  const ofProject: Scope = async () => null;

  async function list(req: ApiRequest, scope: Scope): Promise<ApiResponse> {
    const { project } = await authorizeRead(deps, req);
    const windows = await listWindows(deps.db, project.id, await scope(req, project));
    return json({ windows: windows.map(presentWindow) });
  }

  async function add(req: ApiRequest, scope: Scope): Promise<ApiResponse> {
    const { project, body } = await authorizeWrite(deps, req);
    const checkId = await scope(req, project);
    const spec = parseWindow(body);
    if ("error" in spec) return jsonError(400, `invalid maintenance window: ${spec.error}`);
    const outcome = await addWindow(deps, project.id, checkId, spec.ok);
    if (outcome.kind === "too_many") return jsonError(400, TOO_MANY_WINDOWS);
    return json(presentWindow(outcome.window), 201);
  }

  async function remove(req: ApiRequest, scope: Scope, windowUuid: string): Promise<ApiResponse> {
    const { project } = await authorizeWrite(deps, req);
    const windows = await listWindows(deps.db, project.id, await scope(req, project));
    const window = windows.find((w) => w.uuid === windowUuid);
    if (!window) throw new PageNotFound();
    await removeWindow(deps, window);
    return json(presentWindow(window));
  }

  return [
    extensionRoute("checks/<uuid>/maintenance/", { GET: (req) => list(req, ofCheck), POST: (req) => add(req, ofCheck) }, { GET: CHECK_DOCS.list, POST: CHECK_DOCS.add }),
    extensionRoute("checks/<uuid>/maintenance/<uuid:window_id>", { DELETE: (req) => remove(req, ofCheck, req.params[1]) }, { DELETE: CHECK_DOCS.remove }),
    extensionRoute("project/maintenance/", { GET: (req) => list(req, ofProject), POST: (req) => add(req, ofProject) }, { GET: PROJECT_DOCS.list, POST: PROJECT_DOCS.add }),
    extensionRoute("project/maintenance/<uuid:window_id>", { DELETE: (req) => remove(req, ofProject, req.params[0]) }, { DELETE: PROJECT_DOCS.remove }),
  ];
}
