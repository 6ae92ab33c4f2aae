// GET /api/openapi.json: the description is generated from the URL tables, so it must list
// exactly what the server routes, pass the OpenAPI 3.1 schema, and feed a code generator.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHttpServer } from "@beacon/platform";
import ts from "typescript";
import openapiTS, { astToString } from "openapi-typescript";
import { Validator } from "@seriousme/openapi-schema-validator";
import { bodyChecker } from "@beacon/testing/openapi";
import { routesOf } from "@beacon/testing/fuzz";
import { apiDispatcher, apiRoutes, registerRoutes } from "../../src/routes/index.js";
import { badgeRoutes } from "../../src/routes/badges.js";
import { metricsRoutes } from "../../src/routes/metrics.js";
import type { ApiRoute } from "../../src/http/router.js";
import { call, integration, startHarness, type Harness } from "../helpers.js";

type Document = { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

/** Any path notation (`<uuid>`, `:uuid`, `{uuid}`) with its parameters left unnamed. */
const shape = (path: string) => path.replace(/<[^>]+>|:[A-Za-z0-9_]+|\{[^}]+\}/g, "{}");

/** `METHOD shape` of every operation in the document. */
function documented(doc: Document): Set<string> {
  return new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`)));
}

/** `METHOD shape` of every route and method of a table, as mounted. */
function served(routes: ApiRoute[], prefixes: string[], options: { extensionsToo: boolean }): string[] {
  return prefixes.flatMap((prefix) =>
    routes.filter((route) => !route.extension || options.extensionsToo).flatMap((route) => Object.keys(route.handlers).map((method) => `${method} ${shape(prefix + route.path)}`)),
  );
}

describe("GET /api/openapi.json", () => {
  let h: Harness;
  let doc: Document;

  before(async () => {
    h = await startHarness();
    const res = await call(h.app, "GET", "/api/openapi.json");
    assert.equal(res.status, 200);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    doc = res.json;
  });
  after(() => h.close());

  it("is an OpenAPI 3.1 document that passes the specification's schema", async () => {
    assert.equal(doc.openapi, "3.1.0");
    const result = await new Validator().validate(doc);
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
  });

  it("describes exactly the API tables' routes: every method of every route, in v1, v2 and v3, extensions in v3 only", () => {
    const expected = [
      ...served(apiRoutes(h.deps), ["/api/v1/", "/api/v2/"], { extensionsToo: false }),
      ...served(apiRoutes(h.deps), ["/api/v3/"], { extensionsToo: true }),
      ...served(badgeRoutes(h.deps), ["/"], { extensionsToo: true }),
      ...served(metricsRoutes(h.deps), ["/"], { extensionsToo: true }),
    ];
    const inDoc = documented(doc);
    const missing = expected.filter((operation) => !inDoc.has(operation));
    assert.deepEqual(missing, []);
    const tables = new Set(expected);
    const apiExtra = [...inDoc].filter((operation) => /^\S+ \/(api\/v\d|badge|b|projects)\//.test(operation) && !tables.has(operation));
    assert.deepEqual(apiExtra, []);
    // An extension is not in v1.
    assert.ok(inDoc.has("GET /api/v3/checks/{}/uptime/") && !inDoc.has("GET /api/v1/checks/{}/uptime/"));
  });

  it("covers every route the API registers on Fastify, and describes nothing Fastify does not route", async () => {
    const app = createHttpServer({ exposeHeadRoutes: false });
    registerRoutes(app, h.deps, apiDispatcher(h.deps));
    await app.ready();
    const registered = routesOf(app);
    const inDoc = [...documented(doc)];
    for (const route of registered) {
      if (route.path.endsWith("*")) {
        const prefix = shape(route.path.slice(0, -1));
        assert.ok(inDoc.some((operation) => operation.split(" ")[1].startsWith(prefix)), `nothing described under ${route.path}`);
      } else {
        assert.ok(inDoc.includes(`${route.method} ${shape(route.path)}`), `${route.method} ${route.path} is not described`);
      }
    }
    for (const operation of inDoc) {
      const [method, path] = operation.split(" ");
      const routed = registered.some((route) => (route.path.endsWith("*") ? path.startsWith(shape(route.path.slice(0, -1))) : route.method === method && shape(route.path) === path));
      assert.ok(routed, `${operation} is described but not routed`);
    }
    await app.close();
  });

  it("describes the ping API's URL forms and the probes, which Fastify routes itself", () => {
    const inDoc = documented(doc);
    for (const operation of ["GET /ping/{}", "POST /ping/{}/", "HEAD /ping/{}/start", "GET /ping/{}/{}", "POST /ping/{}/{}/fail", "GET /ping/{}/{}/{}", "GET /health/ready", "GET /api/openapi.json"]) {
      assert.ok(inDoc.has(operation), operation);
    }
    const post = doc.paths["/ping/{uuid}"].post;
    assert.deepEqual(Object.keys(post.requestBody.content), ["*/*"]);
    assert.deepEqual(post.parameters.map((p: any) => `${p.in} ${p.name}`), ["path uuid", "query rid"]);
    assert.ok(post.responses["200"].headers["Ping-Body-Limit"]);
    assert.equal(doc.paths["/ping/{uuid}"].get.requestBody, undefined);
  });

  it("names the headers it describes on the answers that carry them", async () => {
    const check = (await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "Headers" } })).json;
    const res = await call(h.app, "POST", `/ping/${check.uuid}`, { rawBody: "hello" });
    assert.equal(res.status, 200);
    const described = Object.keys(doc.paths["/ping/{uuid}"].post.responses["200"].headers);
    assert.deepEqual(described, ["Ping-Body-Limit"]);
    for (const name of described) assert.ok(res.headers[name.toLowerCase()], `${name} is described but not sent`);
  });

  it("describes a check's parameters, body, answer and errors", () => {
    const create = doc.paths["/api/v3/checks/"].post;
    assert.equal(create.operationId, "createCheck");
    const fields = create.requestBody.content["application/json"].schema.properties;
    assert.deepEqual(fields.timeout, { type: "number", minimum: 60, maximum: 31536000 });
    assert.deepEqual(fields.unique, { type: "array", items: { enum: ["name", "slug", "tags", "timeout", "grace"] } });
    assert.ok(fields.fail_threshold, "v3 takes the extension fields");
    assert.equal(doc.paths["/api/v1/checks/"].post.requestBody.content["application/json"].schema.properties.fail_threshold, undefined);
    assert.deepEqual(create.responses["201"].content["application/json"].schema, { $ref: "#/components/schemas/Check" });
    assert.ok(create.responses["400"].content["application/json"].schema.properties.error.examples.includes("could not parse request body"));
    assert.deepEqual(create.responses["401"].content["application/json"].schema.properties.error.examples, ["missing api key", "wrong api key"]);
    assert.deepEqual(create.security, [{ apiKey: [] }]);

    const list = doc.paths["/api/v3/checks/"].get;
    assert.deepEqual(list.parameters.map((p: any) => `${p.in} ${p.name}`), ["query tag", "query slug"]);
    const pause = doc.paths["/api/v3/checks/{uuid}/pause"].post;
    assert.deepEqual(pause.parameters[0], { name: "uuid", in: "path", required: true, schema: { type: "string", format: "uuid" } });
    assert.deepEqual(Object.keys(pause.responses), ["200", "400", "401", "403", "404"]);
    assert.deepEqual(Object.keys(pause.responses["404"].content), ["text/html; charset=utf-8"]);
  });

  it("gives a check and its unique key one path, as OpenAPI counts them as one", () => {
    const get = doc.paths["/api/v3/checks/{uuid_or_unique_key}"].get;
    assert.equal(get.operationId, "getCheck");
    assert.deepEqual(get.parameters[0].schema.anyOf.map((s: any) => s.format ?? s.pattern), ["uuid", "^[A-z0-9]{40}$"]);
  });

  it("answers every described operation with a described status, content type and body", async () => {
    // Samples that give every list something to show: a ping with a body, a flip, an integration.
    const check = (await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "Backups", slug: "backups", tags: "prod", fail_threshold: 2 } })).json;
    await call(h.app, "POST", `/ping/${check.uuid}/fail`, { rawBody: "disk full" });
    await call(h.app, "POST", `/ping/${check.uuid}/fail`, { rawBody: "disk full" });
    await integration(h, "Ops");
    const fits = bodyChecker(doc);
    const samples: Record<string, string> = {
      uuid: check.uuid,
      uuid_or_unique_key: check.uuid,
      uuid_or_ping_key: check.uuid,
      exitstatus_or_slug: "0",
      exitstatus: "1",
      n: "1",
      ping_key: "no-such-key",
      slug: "backups",
      code: h.keys.uuid,
      key: "api_key_readonly",
      window_id: "00000000-0000-4000-8000-000000000000",
      badge_key: "00000000-0000-4000-8000-000000000000", // a UUID (/b/) is a slug too (/badge/)
      signature: "abcdefgh",
      tag: "prod",
      format: "json",
      states: "3",
    };
    const unanswered: string[] = [];
    // Deletions and key rotations last, so that they do not take the samples away from the others.
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
    const destructive = (o: { path: string; method: string }) => Number(o.method === "delete" || o.path.includes("/rotate/"));
    operations.sort((a, b) => destructive(a) - destructive(b));
    for (const { path, method, operation } of operations) {
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => samples[name] ?? assert.fail(`no sample for ${name}`));
      // A read also with the read-only key, whose check objects differ (unique_key, no URLs).
      const keys = method === "get" && operation.security?.some((s: object) => "apiKey" in s) ? [h.keys.api_key, h.keys.api_key_readonly] : [h.keys.api_key];
      for (const key of keys) await answer(method, url, operation, key);
    }
    assert.deepEqual(unanswered, []);

    async function answer(method: string, url: string, operation: any, key: string) {
      const res = await call(h.app, method.toUpperCase(), url, { key });
      const described = operation.responses[String(res.status)];
      const contentType = String(res.headers["content-type"] ?? "").split(";")[0];
      const content = Object.entries(described?.content ?? {}).find(([type]) => type.split(";")[0] === contentType)?.[1] as { schema?: unknown } | undefined;
      const hasBody = res.text !== "" && method !== "head";
      if (!described || (hasBody && !content)) {
        unanswered.push(`${method.toUpperCase()} ${url}: ${res.status} ${contentType}`);
      } else if (hasBody && contentType === "application/json" && content?.schema) {
        const misfit = fits(content.schema, res.json);
        if (misfit) unanswered.push(`${method.toUpperCase()} ${url} (${key === h.keys.api_key ? "read-write" : "read-only"} key): ${res.status} ${misfit}`);
      }
    }
  });

  it("feeds openapi-typescript, whose types compile", async () => {
    const source = astToString(await openapiTS(doc as any));
    assert.match(source, /"\/api\/v3\/checks\/": \{/);
    assert.match(source, /createCheck: \{/);
    const file = "/openapi.d.ts";
    const host = ts.createCompilerHost({ strict: true, noEmit: true, types: [] });
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (name === file ? source : readFile(name));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language));
    const program = ts.createProgram([file], { strict: true, noEmit: true, types: [], lib: ["lib.es2023.d.ts"] }, host);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    assert.deepEqual(problems, []);
  });
});
