// GET /openapi.json: generated from the URL table and the handlers' declarations, so it must
// list exactly the table's endpoints with their declared parameters, pass the OpenAPI 3.1
// schema, and feed a code generator.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";
import openapiTS, { astToString } from "openapi-typescript";
import { Validator } from "@seriousme/openapi-schema-validator";
import { ROUTES } from "../../src/routes/index.js";
import { API_PREFIX } from "../../src/http/endpoint.js";
import { listsError, operationErrors } from "../../src/http/openapi.js";
import { chatTest, type ChatTest } from "../helpers.js";

type Document = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, any>> };

/** Any path notation (`:id`, `{id}`, a trailing `*`) with its parameters left unnamed. */
const shape = (path: string) => path.replace(/:[A-Za-z0-9_]+|\{[^}]+\}|\*$/g, "{}");

describe("GET /openapi.json", () => {
  let t: ChatTest;
  let doc: Document;

  before(async () => {
    t = await chatTest();
    const res = await t.app.inject({ method: "GET", url: "/openapi.json" });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    doc = res.json();
  });
  after(() => t.close());

  it("is an OpenAPI 3.1 document that passes the specification's schema", async () => {
    assert.equal(doc.openapi, "3.1.0");
    const result = await new Validator().validate(doc);
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
    assert.match(doc.servers[0].url, /\/api\/v1$/);
  });

  it("describes exactly the URL table's endpoints, each of which Fastify serves under /api/v1", () => {
    const inDoc = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`));
    const table = ROUTES.map((route) => `${route.method} ${shape(route.path)}`);
    assert.deepEqual([...new Set(inDoc)].sort(), [...new Set(table)].sort());
    const unserved = ROUTES.filter((route) => !t.app.hasRoute({ method: route.method, url: API_PREFIX + route.path })).map((route) => `${route.method} ${route.path}`);
    assert.deepEqual(unserved, []);
  });

  it("describes each endpoint's declared parameters: where they are read, their schema, JSON encoding and aliases", () => {
    for (const route of ROUTES) {
      const operation = Object.entries(doc.paths).find(([path]) => shape(path) === shape(route.path))![1];
      const described = operation[route.method.toLowerCase()];
      const names = new Set([
        ...(described.parameters ?? []).map((p: any) => p.name),
        ...Object.keys(described.requestBody?.content["application/x-www-form-urlencoded"].schema.properties ?? {}),
      ]);
      for (const field of Object.values(route.endpoint.params).flatMap((param) => param.fields)) {
        assert.ok(names.has(field.name), `${route.method} ${route.path}: ${field.name} is not described`);
        for (const alias of field.aliases) assert.ok(names.has(alias), `${route.method} ${route.path}: alias ${alias} is not described`);
      }
    }
    const alertWords = doc.paths["/users/me/alert_words"].post.requestBody.content["application/x-www-form-urlencoded"];
    assert.deepEqual(alertWords.schema.properties.alert_words.type, "array");
    assert.deepEqual(alertWords.encoding, { alert_words: { contentType: "application/json" } });
    assert.deepEqual(doc.paths["/users/me/alert_words"].post.security, [{ basicAuth: [] }]);
    assert.deepEqual(doc.paths["/fetch_api_key"].post.security, []);
  });

  it("describes each operation's success: the envelope with the fields the URL table says it returns, and no others", () => {
    const success = (path: string, method: string) => doc.paths[path][method].responses["200"].content["application/json"].schema;
    const send = success("/messages", "post");
    assert.deepEqual(send.required, ["result", "msg", "id", "message_url", "message_link"]);
    assert.equal(send.additionalProperties, false);
    assert.deepEqual(success("/messages", "get").properties.messages, { type: "array", items: { $ref: "#/components/schemas/Message" } });
    assert.deepEqual(Object.keys(success("/users/me/alert_words", "delete").properties), ["result", "msg", "ignored_parameters_unsupported", "alert_words"]);
    // The envelope alone where the table names no fields; a state of many optional sections stays open.
    assert.deepEqual(success("/typing", "post").required, ["result", "msg"]);
    assert.equal(success("/register", "post").additionalProperties, true);
    assert.deepEqual(doc.paths["/realm/icon"].get.responses["302"].headers.Location.schema, { type: "string" });
  });

  it("lists each operation's own error codes per status, derived from its line of the table", () => {
    const codes = (path: string, method: string, status: number) => doc.paths[path][method].responses[String(status)]?.content["application/json"].schema.allOf[1].properties.code.enum;
    for (const route of ROUTES) {
      const described = Object.entries(doc.paths).find(([path]) => shape(path) === shape(route.path))![1][route.method.toLowerCase()];
      const statuses = Object.keys(described.responses).filter((status) => /^[45]/.test(status)).map(Number);
      const listed = operationErrors(route);
      assert.deepEqual(statuses, listed.map((error) => error.status), `${route.method} ${route.path}`);
      // Two lines that are one path to OpenAPI (/users/{user_id_or_email}) list the codes of both.
      for (const { status, codes: own } of listed) for (const code of own) assert.ok(described.responses[status].content["application/json"].schema.allOf[1].properties.code.enum.includes(code), `${route.method} ${route.path} ${status} ${code}`);
    }
    // A plain read: the envelope's own problems, authentication, the rate limit and the web app's CSRF check.
    assert.deepEqual(codes("/users/me", "get", 400), ["BAD_REQUEST"]);
    assert.deepEqual(codes("/users/me", "get", 401), ["UNAUTHORIZED"]);
    assert.deepEqual(codes("/users/me", "get", 403), ["CSRF_FAILED"]);
    assert.deepEqual(codes("/users/me", "get", 429), ["RATE_LIMIT_HIT"]);
    assert.equal(codes("/users/me", "get", 409), undefined);
    // Declared parameters, guards and the handler's own.
    assert.deepEqual(codes("/messages", "post", 400), ["BAD_REQUEST", "REQUEST_VARIABLE_MISSING", "REQUEST_CONFUSING_VAR", "STREAM_DOES_NOT_EXIST", "STREAM_WILDCARD_MENTION_NOT_ALLOWED", "TOPIC_WILDCARD_MENTION_NOT_ALLOWED"]);
    assert.ok(codes("/realm/linkifiers", "patch", 400).includes("UNAUTHORIZED_PRINCIPAL"));
    assert.ok(!codes("/realm/linkifiers", "get", 400).includes("UNAUTHORIZED_PRINCIPAL"));
    assert.deepEqual(codes("/channels/create", "post", 409), ["CHANNEL_ALREADY_EXISTS"]);
    assert.deepEqual(codes("/drafts/{draft_id}", "delete", 404), ["BAD_REQUEST"]);
    assert.deepEqual(codes("/mobile_push/e2ee/test_notification", "post", 502), ["FAILED_TO_CONNECT_BOUNCER", "INTERNAL_SERVER_ERROR_ON_BOUNCER"]);
    // An open operation: no API key, its subdomain may be unknown; the API-only one has no CSRF check.
    assert.deepEqual(codes("/fetch_api_key", "post", 401), ["AUTHENTICATION_FAILED", "USER_DEACTIVATED", "REALM_DEACTIVATED"]);
    assert.deepEqual(codes("/fetch_api_key", "post", 404), ["NONEXISTENT_SUBDOMAIN"]);
    assert.equal(codes("/fetch_api_key", "post", 403), undefined);
    // Any other status is BAD_REQUEST, and nothing else.
    assert.deepEqual(doc.paths["/users/me"].get.responses.default.content["application/json"].schema.allOf[1].properties.code, { const: "BAD_REQUEST" });
    const ownUser = operationErrors(ROUTES.find((route) => route.method === "GET" && route.path === "/users/me")!);
    assert.equal(listsError(ownUser, 400, "BAD_REQUEST"), true);
    assert.equal(listsError(ownUser, 400, "STREAM_DOES_NOT_EXIST"), false);
    assert.equal(listsError(ownUser, 503, "BAD_REQUEST"), true);
    assert.equal(listsError(ownUser, 404, "NOT_FOUND"), false);
  });

  it("feeds openapi-typescript, whose types compile", async () => {
    const source = astToString(await openapiTS(doc as any));
    assert.match(source, /"\/users\/me\/alert_words": \{/);
    assert.match(source, /"post-users-me-alert_words": \{/);
    assert.match(source, /Message: \{/);
    const file = "/openapi.d.ts";
    const host = ts.createCompilerHost({});
    const fileExists = host.fileExists.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    host.getSourceFile = (name, language) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language));
    const program = ts.createProgram([file], { strict: true, noEmit: true, types: [], lib: ["lib.es2023.d.ts"] }, host);
    assert.deepEqual(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")), []);
  });
});
