// Service endpoints: health, metrics, delivery callbacks and bounces.
import { ping, sameSecret } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { jsonBody, op, textBody } from "../http/api-doc.js";
import { empty, json, text } from "../http/responses.js";
import { anyMethod, route, type ApiRoute } from "../http/router.js";
import { countUnprocessedFlips, maxNotificationId, maxPingId } from "../store/service.js";

const HTML = "text/html; charset=utf-8";

const DOCS = {
  status: op({
    id: "getServiceStatus",
    summary: "Whether the service and its database answer",
    tag: "service",
    auth: "none",
    success: textBody(HTML, "OK"),
    errors: [{ status: 500, description: "The database does not answer.", body: textBody(HTML, "Database unavailable").body }],
  }),
  statusRefused: op({
    id: "writeServiceStatus",
    summary: "Refused: Django's CSRF check on an unsafe method",
    tag: "service",
    auth: "none",
    success: { status: 403, description: "Always refused.", body: textBody(HTML).body },
  }),
  metrics: op({
    id: "getServiceMetrics",
    summary: "Counters for watching the service: the newest ping and notification ids, flips not yet processed",
    tag: "service",
    auth: "none",
    security: ["metricsKey"],
    success: jsonBody({
      type: "object",
      properties: { ts: { type: "integer" }, max_ping_id: { type: "integer" }, max_notification_id: { type: "integer" }, num_unprocessed_flips: { type: "integer" } },
      required: ["ts", "max_ping_id", "max_notification_id", "num_unprocessed_flips"],
    }),
    errors: [{ status: 403, description: "No metrics key is set, or X-Metrics-Key is not it (no body).", body: null }],
  }),
  notificationStatus: op({
    id: "postNotificationStatus",
    summary: "A delivery service's status callback for a notification (accepted and ignored)",
    tag: "service",
    auth: "none",
    success: { description: "Accepted (no body).", body: null },
  }),
  bounces: op({
    id: "postBounce",
    summary: "A bounce report from the mail service (its signature is not accepted)",
    tag: "service",
    auth: "none",
    success: textBody(HTML, "OK (bad signature)"),
  }),
};

export function serviceRoutes(deps: MonitorDeps): ApiRoute[] {
  async function status() {
    try {
      await ping(deps.db);
      return text("OK");
    } catch {
      return text("Database unavailable", 500);
    }
  }
  // compat: Django's CSRF middleware refuses unsafe methods on this unwrapped view.
  const csrfRefusal = () => text("<h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p>", 403);

  return [
    route(
      "status/",
      { GET: status, HEAD: status, OPTIONS: status, POST: csrfRefusal, PUT: csrfRefusal, PATCH: csrfRefusal, DELETE: csrfRefusal },
      { cors: false, doc: { GET: DOCS.status, HEAD: DOCS.status, OPTIONS: DOCS.status, POST: DOCS.statusRefused, PUT: DOCS.statusRefused, PATCH: DOCS.statusRefused, DELETE: DOCS.statusRefused } },
    ),
    route(
      "metrics/",
      anyMethod(async (req) => {
        const key = req.raw.headers["x-metrics-key"];
        if (!deps.config.metricsKey || !sameSecret(Array.isArray(key) ? key[0] : key, deps.config.metricsKey)) return empty(403);
        return json({
          ts: Math.floor(deps.clock.now().getTime() / 1000),
          max_ping_id: await maxPingId(deps.db),
          max_notification_id: await maxNotificationId(deps.db),
          num_unprocessed_flips: await countUnprocessedFlips(deps.db),
        });
      }),
      { cors: false, doc: DOCS.metrics },
    ),
    route("notifications/<uuid>/status", { POST: () => empty(200) }, { cors: false, doc: DOCS.notificationStatus }),
    route("bounces/", anyMethod(() => text("OK (bad signature)")), { cors: false, doc: DOCS.bounces }),
  ];
}
