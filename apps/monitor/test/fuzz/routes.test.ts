// Every route of the monitor (management API v1 and v3, pings, badges, metrics and the
// dashboard), fed hostile parameters, bodies, encodings, headers and ids, with a valid API key
// and a signed-in dashboard session (so routes are reached past auth and CSRF) and now and
// then a broken one. No answer may be a 5xx. Bounded by FUZZ_RUNS and FUZZ_BUDGET_S; see
// docs/architecture.md#fuzzing to run it longer or replay a case.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { formatFailures, fuzzRoutes, fuzzSettings, routeName, routesOf, summary, type FuzzRoute } from "@beacon/testing/fuzz";
import type { OperationDoc } from "../../src/http/api-doc.js";
import type { ApiRoute } from "../../src/http/router.js";
import { createProject } from "../../src/actions/projects.js";
import { startSession } from "../../src/actions/web-accounts.js";
import { apiRoutes } from "../../src/routes/index.js";
import { badgeRoutes } from "../../src/routes/badges.js";
import { metricsRoutes } from "../../src/routes/metrics.js";
import { csrfToken, SESSION_COOKIE } from "../../src/web/session.js";
import { createCheckVia, integration, startHarness, type Harness } from "../helpers.js";

/** What a route's doc says it reads, besides its path: query parameters and body fields. */
function declaredNames(doc: OperationDoc, version: 1 | 3): string[] {
  const body = typeof doc.body === "function" ? doc.body(version) : (doc.body ?? []);
  return [...(doc.query ?? []), ...body].map((param) => param.name);
}

/** `checks/<uuid>/pause` → `/api/v3/checks/:uuid/pause`; repeated kinds get numbered names. */
function template(prefix: string, path: string): string {
  let n = 0;
  return prefix + path.replace(/<([a-z_]+)(?::[a-z_]+)?>/g, (_, kind: string) => `:${kind}${n++ ? n : ""}`);
}

const PING_PATHS = ["/ping/:uuid", "/ping/:uuid/start", "/ping/:uuid/fail", "/ping/:uuid/log", "/ping/:uuid/:exitstatus", "/ping/:ping_key/:slug", "/ping/:ping_key/:slug/fail", "/ping/:ping_key/:slug/:exitstatus"];

// The names the dashboard reads from forms and the pings from query strings; the API's routes
// declare theirs (each route's `doc`, http/api-doc.ts), which the runner takes from there.
const NAMES = [
  "name", "slug", "tags", "desc", "timeout", "grace", "schedule", "tz", "manual_resume", "methods", "channels", "unique",
  "filter_subject", "filter_body", "subject", "subject_fail", "start_kw", "success_kw", "failure_kw", "api_key", "tag", "late",
  "rid", "create", "email", "password", "next", "kind", "key", "role", "account", "action", "check", "enabled", "seconds",
  "value", "url", "up", "down", "bot_email", "mtype", "to", "site", "topic", "priority", "token", "start", "end", "status",
];

describe("fuzzing the monitor", () => {
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => {
    await h?.close();
  });

  /** The query and body parameters each table route's method declares, by `METHOD /path`. */
  const declared = new Map<string, string[]>();

  function routes(): FuzzRoute[] {
    const table = (prefix: string, list: ApiRoute[]) =>
      list.flatMap((r) =>
        Object.keys(r.handlers).map((method) => {
          const route = { method, path: template(prefix, r.path) };
          declared.set(routeName(route), declaredNames(r.docs[method], prefix.startsWith("/api/v1/") ? 1 : 3));
          return route;
        }),
      );
    const fastify = routesOf(h.app).filter((r) => !r.path.includes("*"));
    return [
      ...fastify,
      ...table("/api/v3/", apiRoutes(h.deps)),
      ...table("/api/v1/", apiRoutes(h.deps)).filter((r) => r.method !== "OPTIONS" && r.method !== "HEAD"),
      ...table("/", badgeRoutes(h.deps)),
      ...table("/", metricsRoutes(h.deps)),
      ...PING_PATHS.flatMap((path) => ["GET", "POST"].map((method) => ({ method, path }))),
    ];
  }

  /** A fresh project with a check and an integration, so earlier routes' deletions and revocations do not starve later ones. */
  async function freshProject() {
    const keys = await createProject(h.deps, { name: "Fuzz", ownerEmail: "alice@example.org" });
    const check = await createCheckVia({ ...h, keys }, { name: "Backups", slug: "backups", tags: "prod db", unique: [] });
    const project = await h.deps.db.selectFrom("projects").selectAll().where("uuid", "=", keys.uuid).executeTakeFirstOrThrow();
    const channel = await integration(h, "Ops", "email", project);
    return { keys, check, channel, project };
  }

  it("answers no route with a 5xx", { timeout: 30 * 60_000 }, async (test) => {
    const settings = fuzzSettings({ budgetMs: 75_000 });
    const report = await fuzzRoutes(
      {
        routes: routes(),
        async send(request) {
          const response = await h.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
          return { status: response.statusCode, body: response.body };
        },
        async prepare(route) {
          const { keys, check, channel, project } = await freshProject();
          const token = await startSession(h.deps, project.owner_id);
          const samples: Record<string, string[]> = {
            uuid: [check.uuid ?? check.ping_url.split("/").pop(), keys.uuid, channel.uuid],
            code: [keys.uuid],
            channel: [channel.uuid],
            unique_key: [check.unique_key].filter(Boolean),
            slug: ["backups", "prod"],
            ping_key: [keys.ping_key],
            kind: ["email", "webhook", "slack", "zulip", "ntfy"],
            int: ["1", "2"],
            exitstatus: ["0", "1", "255"],
            tags: ["prod db"],
            timeout: ["60", "86400"],
            grace: ["60"],
            schedule: ["* * * * *"],
            tz: ["UTC", "Europe/Riga"],
            email: ["alice@example.org", "ops@example.org"],
            password: ["correct horse battery"],
            name: ["Backups"],
            desc: ["Nightly"],
            methods: ["", "POST"],
            channels: ["*", channel.uuid],
            manual_resume: ["false"],
            unique: ['["name"]'],
            filter_subject: ["true"],
            filter_body: ["false"],
            subject: ["OK"],
            subject_fail: ["FAIL"],
            start_kw: ["start"],
            success_kw: ["done"],
            failure_kw: ["error"],
            late: ["1"],
            next: ["/projects/"],
            key: ["api_key", "api_key_readonly"],
            action: ["create", "revoke"],
            enabled: ["on"],
            check: [check.uuid ?? ""],
            account: ["alice@example.org"],
            tag: ["prod"],
            rid: ["7b0a3a34-9a0f-4a87-8c3d-4d8d5c1a2b3c"],
            create: ["1"],
            role: ["w", "r"],
            seconds: ["60"],
            value: ["ops@example.org"],
            url: ["http://127.0.0.1:9/hook"],
            status: ["up", "down"],
          };
          return {
            headers: { "x-api-key": keys.api_key, cookie: `${SESSION_COOKIE}=${token}` },
            fields: { csrf: csrfToken(h.deps, token) },
            names: declared.get(routeName(route)) ?? NAMES,
            samples: (name) => (samples[name] ?? []).filter((v): v is string => typeof v === "string"),
            body: route.path.startsWith("/api/") ? "json" : "form",
          };
        },
      },
      settings,
    );
    test.diagnostic(summary(report));
    assert.ok(report.requests > 0, "no request was sent");
    assert.equal(report.failures.length, 0, `${report.failures.length} of ${report.routes} routes answered a 5xx (${report.requests} requests):\n\n${formatFailures(report)}`);
  });
});
