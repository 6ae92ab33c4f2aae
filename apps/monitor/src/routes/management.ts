// The management API for integrations and keys (docs/monitor-extensions.md): Beacon's own, in
// API v3 only, with read-write keys only. Healthchecks sets these up in its dashboard alone;
// kinds it sets up through an OAuth flow take the flow's results (webhook URLs, tokens) here.
import type { MonitorDeps } from "../deps.js";
import { provisionIntegration } from "../actions/integrations.js";
import { rotateProjectKey, PROJECT_KEY_KINDS, type ProjectKeyKind } from "../actions/project-keys.js";
import { sendTestNotification } from "../actions/test-notification.js";
import { MAX_INTEGRATION_NAME, removeIntegration, updateIntegration } from "../actions/web-integrations.js";
import { authorizeWrite, type JsonObject } from "../http/auth.js";
import { API_KEY_FIELD, FOREIGN, jsonBody, NOT_FOUND_PAGE, op, ref, type ParamDoc } from "../http/api-doc.js";
import { empty, halt, json, jsonError, PageNotFound } from "../http/responses.js";
import { extensionRoute, NotAnExtensionRequest, type ApiRequest, type ApiRoute } from "../http/router.js";
import { isPyObject, parsePyJson } from "../lib/pyjson.js";
import { integrationValue, kindOf, unavailableReason } from "../integrations/registry.js";
import { findChannelByUuid } from "../store/channel-assignments.js";
import { findOwner } from "../store/projects.js";
import type { Channel, Project } from "../store/schema.js";

/** As GET /api/v3/channels/ lists an integration. */
const presentChannel = (c: Channel) => ({ id: c.uuid, name: c.name, kind: c.kind });

const invalid = (message: string): never => halt(jsonError(400, `json validation error: ${message}`));

function nameOf(body: JsonObject): string | undefined {
  if (!Object.hasOwn(body, "name")) return undefined;
  const name = body.name;
  if (typeof name !== "string") invalid("name is not a string");
  if ([...(name as string)].length > MAX_INTEGRATION_NAME) invalid("name is too long");
  if ((name as string).includes("\u0000")) invalid("name must not contain null characters");
  return name as string;
}

/** `value` as the kind stores it: a string as given, or an object (JSON) the kind checks. */
function valueOf(body: JsonObject, kind: string): string | undefined {
  if (!Object.hasOwn(body, "value")) return undefined;
  const raw = body.value;
  if (typeof raw !== "string" && (raw === null || typeof raw !== "object" || Array.isArray(raw))) invalid("value is not a string or an object");
  const text = typeof raw === "string" ? raw : JSON.stringify(raw);
  if (text.includes("\u0000")) invalid("value must not contain null characters");
  const checked = integrationValue(kind, text);
  if ("error" in checked) halt(jsonError(400, `invalid value for ${kind}: ${checked.error}`));
  return checked.value;
}

/**
 * compat: Healthchecks answers any POST to channels/ with 405, before it reads the body or the
 * key; a request is a create only when its body is a JSON object with a `kind`, which no
 * Healthchecks client sends there.
 */
function namesKind(req: ApiRequest): boolean {
  try {
    const body = parsePyJson(req.body.toString("utf8"));
    return isPyObject(body) && Object.hasOwn(body, "kind");
  } catch {
    return false;
  }
}

async function accessChannel(deps: MonitorDeps, project: Project, uuid: string): Promise<Channel> {
  const channel = await findChannelByUuid(deps.db, uuid);
  if (!channel) throw new PageNotFound();
  if (channel.project_id !== project.id) halt(empty(403));
  return channel;
}

const NAME_FIELD: ParamDoc = { name: "name", schema: { type: "string", maxLength: MAX_INTEGRATION_NAME }, description: "The integration's name." };
const VALUE_FIELD: ParamDoc = { name: "value", schema: { type: ["string", "object"] }, description: "The kind's settings: a string, or an object the kind checks (docs/monitor-extensions.md)." };
const NAME_AND_VALUE_ERRORS = ["json validation error: name is not a string", "json validation error: name is too long", "json validation error: value is not a string or an object", "invalid value for <kind>: <why>"];
const channel = jsonBody(ref("Channel"));

const DOCS = {
  create: op({
    id: "createIntegration",
    summary: "Add an integration (Beacon's extension; a POST without `kind` is Healthchecks' 405)",
    tag: "integrations",
    auth: "write",
    body: [{ name: "kind", required: true, schema: { type: "string" }, description: "The integration kind, e.g. email, webhook, slack." }, NAME_FIELD, VALUE_FIELD, API_KEY_FIELD],
    success: { ...channel, status: 201 },
    errors: [
      { status: 400, codes: ["json validation error: kind is not a string", "unknown integration kind: <kind>", "<kind> integrations are off on this server: set <settings>.", ...NAME_AND_VALUE_ERRORS] },
      { status: 405, description: "The body is not a JSON object with `kind`: Healthchecks' answer to any POST here (no body).", body: null },
    ],
  }),
  update: op({
    id: "updateIntegration",
    summary: "Rename an integration or change its settings (Beacon's extension)",
    tag: "integrations",
    auth: "write",
    body: [NAME_FIELD, VALUE_FIELD, API_KEY_FIELD],
    success: channel,
    errors: [{ status: 400, codes: NAME_AND_VALUE_ERRORS }, FOREIGN, NOT_FOUND_PAGE],
  }),
  remove: op({ id: "deleteIntegration", summary: "Remove an integration (Beacon's extension)", tag: "integrations", auth: "write", success: channel, errors: [FOREIGN, NOT_FOUND_PAGE] }),
  test: op({
    id: "testIntegration",
    summary: "Send a test notification through an integration (Beacon's extension)",
    tag: "integrations",
    auth: "write",
    body: [API_KEY_FIELD],
    success: jsonBody({
      type: "object",
      properties: { result: { enum: ["sent", "noop", "failed"] }, error: { type: "string", description: "Why the delivery failed." } },
      required: ["result"],
    }),
    errors: [FOREIGN, NOT_FOUND_PAGE],
  }),
  rotateKey: op({
    id: "rotateProjectKey",
    summary: "Replace one of the project's keys with a new one (Beacon's extension)",
    tag: "project",
    auth: "write",
    path: { key: { schema: { enum: [...PROJECT_KEY_KINDS] } } },
    body: [API_KEY_FIELD],
    success: jsonBody({ type: "object", description: "The new key, under the rotated key's name.", additionalProperties: { type: "string" }, minProperties: 1, maxProperties: 1 }),
    errors: [NOT_FOUND_PAGE],
  }),
};

export function managementRoutes(deps: MonitorDeps): ApiRoute[] {
  return [
    extensionRoute("channels/", {
      async POST(req) {
        if (!namesKind(req)) throw new NotAnExtensionRequest();
        const { project, body } = await authorizeWrite(deps, req);
        if (typeof body.kind !== "string") invalid("kind is not a string");
        const kind = kindOf(body.kind as string);
        if (!kind || !kind.delivers) return jsonError(400, `unknown integration kind: ${String(body.kind)}`);
        const unavailable = unavailableReason(kind, deps.config);
        if (unavailable) return jsonError(400, unavailable);
        const name = nameOf(body) ?? "";
        const value = valueOf(body, kind.kind) ?? "";
        const channel = await provisionIntegration(deps, project, { kind: kind.kind, name, value });
        return json(presentChannel(channel), 201);
      },
    }, DOCS.create),
    extensionRoute("channels/<uuid>", {
      async POST(req) {
        const { project, body } = await authorizeWrite(deps, req);
        const channel = await accessChannel(deps, project, req.params[0]);
        const name = nameOf(body) ?? channel.name;
        const value = valueOf(body, channel.kind) ?? channel.value;
        // The owner is taken to be acting: an e-mail integration to their own address needs no link.
        await updateIntegration(deps, await findOwner(deps.db, project), channel, { name, value });
        return json(presentChannel({ ...channel, name }));
      },
      async DELETE(req) {
        const { project } = await authorizeWrite(deps, req);
        const channel = await accessChannel(deps, project, req.params[0]);
        await removeIntegration(deps, channel);
        return json(presentChannel(channel));
      },
    }, { POST: DOCS.update, DELETE: DOCS.remove }),
    extensionRoute("channels/<uuid>/test/", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const channel = await accessChannel(deps, project, req.params[0]);
        const outcome = await sendTestNotification(deps, project, channel);
        return json(outcome.kind === "failed" ? { result: "failed", error: outcome.error } : { result: outcome.kind });
      },
    }, DOCS.test),
    extensionRoute("project/keys/<str:key>/rotate/", {
      async POST(req) {
        const { project } = await authorizeWrite(deps, req);
        const kind = req.params[0] as ProjectKeyKind;
        if (!PROJECT_KEY_KINDS.includes(kind)) throw new PageNotFound();
        return json({ [kind]: await rotateProjectKey(deps, project, kind) });
      },
    }, DOCS.rotateKey),
  ];
}
