// Service endpoints: health, metrics, delivery callbacks and bounces.
import { ping, sameSecret } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { empty, json, text } from "../http/responses.js";
import { anyMethod, route, type ApiRoute } from "../http/router.js";
import { countUnprocessedFlips, maxNotificationId, maxPingId } from "../store/service.js";

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
    route("status/", { GET: status, HEAD: status, OPTIONS: status, POST: csrfRefusal, PUT: csrfRefusal, PATCH: csrfRefusal, DELETE: csrfRefusal }, { cors: false }),
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
      { cors: false },
    ),
    route("notifications/<uuid>/status", { POST: () => empty(200) }, { cors: false }),
    route("bounces/", anyMethod(() => text("OK (bad signature)")), { cors: false }),
  ];
}
