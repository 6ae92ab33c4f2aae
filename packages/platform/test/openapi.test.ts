import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { buildOpenApi, mergeSamePaths, openApiPath, type ApiDescription, type ApiOperation } from "@beacon/platform";

const zulipLike = (operations: ApiOperation[]): ApiDescription => ({
  info: { title: "Chat", version: "1.0.0" },
  bodyStyle: "form",
  envelope: {
    success: (result) => ({ allOf: [{ $ref: "#/components/schemas/Success" }, ...(result ? [result] : [])] }),
    error: (codes) => ({ type: "object", properties: { result: { const: "error" }, msg: { type: "string" }, code: { enum: codes } }, required: ["result", "msg", "code"] }),
  },
  schemas: { Success: { type: "object", properties: { result: { const: "success" }, msg: { type: "string" } } } },
  securitySchemes: { basicAuth: { type: "http", scheme: "basic" } },
  security: ["basicAuth"],
  operations,
});

const getUser: ApiOperation = {
  method: "GET",
  path: "/api/v1/users/:user_id",
  operationId: "get-user",
  summary: "Get a user",
  tags: ["users"],
  parameters: [
    { name: "user_id", in: "path", schema: { type: "integer" } },
    { name: "client_gravatar", in: "query", schema: { type: "boolean" }, description: "Whether to leave avatars to the client." },
  ],
  success: { schema: { type: "object", properties: { user: { type: "object" } } } },
  errors: [{ status: 400, codes: ["BAD_REQUEST", "NOT_FOUND"] }],
};

describe("openApiPath", () => {
  it("turns Fastify's parameters into templates", () => {
    assert.equal(openApiPath("/users/:user_id/status"), "/users/{user_id}/status");
    assert.equal(openApiPath("/a/:id(^\\d+)/b"), "/a/{id}/b");
    assert.equal(openApiPath("/time::now"), "/time:now");
  });

  it("refuses a wildcard, which OpenAPI cannot describe", () => {
    assert.throws(() => openApiPath("/static/*"), /wildcard/);
  });
});

describe("buildOpenApi", () => {
  it("describes an operation with its path and query parameters, envelope and errors", () => {
    const doc = buildOpenApi(zulipLike([getUser]));
    assert.equal(doc.openapi, "3.1.0");
    const operation = doc.paths["/api/v1/users/{user_id}"].get as Record<string, any>;
    assert.equal(operation.operationId, "get-user");
    assert.deepEqual(operation.tags, ["users"]);
    assert.deepEqual(operation.parameters, [
      { name: "user_id", in: "path", required: true, schema: { type: "integer" } },
      { name: "client_gravatar", in: "query", description: "Whether to leave avatars to the client.", schema: { type: "boolean" } },
    ]);
    assert.deepEqual(operation.responses["200"].content["application/json"].schema.allOf[1], getUser.success!.schema);
    assert.deepEqual(operation.responses["400"].content["application/json"].schema.properties.code, { enum: ["BAD_REQUEST", "NOT_FOUND"] });
    assert.deepEqual(operation.security, [{ basicAuth: [] }]);
    assert.deepEqual((doc.components as any).securitySchemes, { basicAuth: { type: "http", scheme: "basic" } });
  });

  it("sends form bodies as urlencoded and multipart, JSON-encoded fields with their encoding", () => {
    const doc = buildOpenApi(
      zulipLike([
        {
          method: "POST",
          path: "/api/v1/messages",
          operationId: "send-message",
          parameters: [
            { name: "type", in: "body", required: true, schema: { enum: ["stream", "direct"] } },
            { name: "to", in: "body", required: true, json: true, schema: { type: "array", items: { type: "integer" } } },
            { name: "queue_id", in: "body", schema: { type: "string" }, deprecated: true, description: "Old." },
          ],
        },
      ]),
    );
    const body = (doc.paths["/api/v1/messages"].post as any).requestBody;
    assert.equal(body.required, true);
    assert.deepEqual(Object.keys(body.content), ["application/x-www-form-urlencoded", "multipart/form-data"]);
    const form = body.content["multipart/form-data"];
    assert.deepEqual(form.schema.required, ["type", "to"]);
    assert.deepEqual(form.schema.properties.queue_id, { type: "string", description: "Old.", deprecated: true });
    assert.deepEqual(form.encoding, { to: { contentType: "application/json" } });
  });

  it("sends a JSON body as one object, and a JSON-encoded query parameter as content", () => {
    const doc = buildOpenApi({
      info: { title: "Monitor", version: "3" },
      envelope: { error: () => ({ type: "object", properties: { error: { type: "string" } } }) },
      operations: [
        { method: "POST", path: "/checks/", operationId: "create", parameters: [{ name: "name", in: "body", schema: { type: "string" } }], success: { status: 201 } },
        { method: "GET", path: "/narrow", operationId: "narrow", parameters: [{ name: "narrow", in: "query", json: true, schema: { type: "array" } }] },
      ],
    });
    const create = doc.paths["/checks/"].post as any;
    assert.deepEqual(create.requestBody, { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } });
    assert.ok(create.responses["201"]);
    assert.equal(create.security, undefined);
    const narrow = (doc.paths["/narrow"].get as any).parameters[0];
    assert.deepEqual(narrow.content, { "application/json": { schema: { type: "array" } } });
    assert.equal(narrow.schema, undefined);
  });

  it("describes bodies that are not the envelope, and responses without a body", () => {
    const doc = buildOpenApi({
      info: { title: "Monitor", version: "3" },
      envelope: { success: () => ({ type: "object" }), error: () => ({ type: "object" }) },
      operations: [
        {
          method: "GET",
          path: "/badge/:key",
          operationId: "badge",
          security: [],
          parameters: [{ name: "key", in: "path", schema: { type: "string" } }],
          success: { body: { contentType: "image/svg+xml", schema: { type: "string" } } },
          errors: [
            { status: 404, body: { contentType: "text/html" } },
            { status: 405, body: null, description: "Not allowed." },
            { status: 503, body: null, description: "Later.", headers: { "Retry-After": { schema: { type: "integer" } } } },
          ],
        },
      ],
    });
    const responses = (doc.paths["/badge/{key}"].get as any).responses;
    assert.deepEqual(responses["200"].content, { "image/svg+xml": { schema: { type: "string" } } });
    assert.deepEqual(responses["404"], { description: "Error 404.", content: { "text/html": {} } });
    assert.deepEqual(responses["405"], { description: "Not allowed." });
    assert.deepEqual(responses["503"], { description: "Later.", headers: { "Retry-After": { schema: { type: "integer" } } } });
    assert.deepEqual((doc.paths["/badge/{key}"].get as any).security, []);
  });

  it("answers any status an operation does not list with the envelope's other errors, when it has them", () => {
    const other = { description: "Another error.", schema: { type: "object", properties: { code: { type: "string" } } } };
    const description = zulipLike([getUser]);
    const doc = buildOpenApi({ ...description, envelope: { ...description.envelope, otherErrors: other } });
    const responses = (doc.paths["/api/v1/users/{user_id}"].get as any).responses;
    assert.deepEqual(Object.keys(responses), ["200", "400", "default"]);
    assert.deepEqual(responses.default, { description: "Another error.", content: { "application/json": { schema: other.schema } } });
    assert.equal((buildOpenApi(description).paths["/api/v1/users/{user_id}"].get as any).responses.default, undefined);
  });

  it("describes each alias as a deprecated parameter of its own", () => {
    const doc = buildOpenApi(
      zulipLike([
        {
          method: "POST",
          path: "/api/v1/messages",
          operationId: "send",
          parameters: [{ name: "to", in: "body", required: true, schema: { type: "string" }, aliases: ["recipient"] }],
        },
      ]),
    );
    const schema = (doc.paths["/api/v1/messages"].post as any).requestBody.content["application/x-www-form-urlencoded"].schema;
    assert.deepEqual(schema.properties.recipient, { type: "string", description: "Deprecated name of `to`.", deprecated: true });
    assert.deepEqual(schema.required, ["to"]);
  });

  it("describes a raw body, and refuses one beside body parameters", () => {
    const ping: ApiOperation = { method: "POST", path: "/ping/:uuid", operationId: "ping", parameters: [{ name: "uuid", in: "path", schema: { type: "string" } }], rawBody: { contentTypes: ["*/*"], schema: { type: "string" }, description: "Stored as sent." } };
    const doc = buildOpenApi(zulipLike([ping]));
    assert.deepEqual((doc.paths["/ping/{uuid}"].post as any).requestBody, { description: "Stored as sent.", content: { "*/*": { schema: { type: "string" } } } });
    const both = { ...ping, parameters: [...ping.parameters!, { name: "x", in: "body" as const, schema: {} }] };
    assert.throws(() => buildOpenApi(zulipLike([both])), /both body parameters and a raw body/);
  });

  it("puts several methods of one path into one path item", () => {
    const doc = buildOpenApi(zulipLike([getUser, { ...getUser, method: "PATCH", operationId: "update-user" }]));
    assert.deepEqual(Object.keys(doc.paths["/api/v1/users/{user_id}"]), ["get", "patch"]);
  });

  it("refuses a path parameter that is not declared, or declared but not in the path", () => {
    assert.throws(() => buildOpenApi(zulipLike([{ ...getUser, parameters: [] }])), /has parameters \[user_id\] but declares \[\]/);
    assert.throws(
      () => buildOpenApi(zulipLike([{ ...getUser, path: "/api/v1/users", operationId: "x" }])),
      /has parameters \[\] but declares \[user_id\]/,
    );
  });

  it("refuses a repeated operationId, a repeated operation, and paths that differ only in parameter names", () => {
    assert.throws(() => buildOpenApi(zulipLike([getUser, { ...getUser, method: "DELETE" }])), /operationId get-user is used twice/);
    assert.throws(() => buildOpenApi(zulipLike([getUser, { ...getUser, operationId: "again" }])), /described twice/);
    const byName = { ...getUser, path: "/api/v1/users/:email", operationId: "by-email", parameters: [{ name: "email", in: "path" as const, schema: { type: "string" } }] };
    assert.throws(() => buildOpenApi(zulipLike([getUser, byName])), /differ only in their parameters' names/);
  });

  it("refuses a status described twice for one operation", () => {
    assert.throws(() => buildOpenApi(zulipLike([{ ...getUser, errors: [{ status: 400 }, { status: 400 }] }])), /status 400 is described twice/);
  });

  it("builds documents that pass the OpenAPI 3.1 schema, which refuses a broken one", async () => {
    const form = zulipLike([getUser, { method: "POST", path: "/api/v1/messages", operationId: "send", parameters: [{ name: "to", in: "body", json: true, required: true, schema: { type: "array" } }] }]);
    const result = await new Validator().validate(buildOpenApi(form));
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
    const broken = buildOpenApi(form);
    (broken.paths["/api/v1/users/{user_id}"].get as any).parameters[0].in = "body";
    assert.equal((await new Validator().validate(broken)).valid, false);
  });

  it("returns plain data that survives JSON", () => {
    const doc = buildOpenApi(zulipLike([getUser]));
    assert.deepEqual(JSON.parse(JSON.stringify(doc)), doc);
  });
});

describe("mergeSamePaths", () => {
  const byEmail: ApiOperation = {
    method: "GET",
    path: "/api/v1/users/:email",
    operationId: "get-user-by-email",
    summary: "Get a user by e-mail",
    parameters: [{ name: "email", in: "path", schema: { type: "string", format: "email" } }],
    errors: [{ status: 400, codes: ["BAD_REQUEST", "USER_DEACTIVATED"] }],
  };
  const update: ApiOperation = { ...getUser, method: "PATCH", operationId: "update-user" };

  it("gives paths that differ only in parameter names one template, and merges one method's operations", () => {
    const operations = mergeSamePaths([getUser, update, byEmail]);
    assert.deepEqual(operations.map((op) => [op.method, op.path, op.operationId]), [
      ["GET", "/api/v1/users/:user_id_or_email", "get-user"],
      ["PATCH", "/api/v1/users/:user_id_or_email", "update-user"],
    ]);
    const [get, patch] = operations;
    assert.deepEqual(get.parameters![0], { name: "user_id_or_email", in: "path", schema: { anyOf: [{ type: "integer" }, { type: "string", format: "email" }] } });
    assert.deepEqual(get.parameters![1].name, "client_gravatar");
    assert.deepEqual(get.errors, [{ status: 400, codes: ["BAD_REQUEST", "NOT_FOUND", "USER_DEACTIVATED"] }]);
    assert.match(get.description!, /Also: Get a user by e-mail/);
    assert.deepEqual(patch.parameters![0], { name: "user_id_or_email", in: "path", schema: { type: "integer" } });
    // And the result is one valid path.
    const doc = buildOpenApi(zulipLike(operations));
    assert.deepEqual(Object.keys(doc.paths), ["/api/v1/users/{user_id_or_email}"]);
  });

  it("leaves operations alone that share no path shape", () => {
    const other = { ...getUser, path: "/api/v1/users/:user_id/status", operationId: "status" };
    assert.deepEqual(mergeSamePaths([getUser, other]), [getUser, other]);
  });
});
