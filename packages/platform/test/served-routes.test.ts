// servedRoutes: the routes of an app as they were registered, where Fastify's printRoutes()
// tree loses the path before a wildcard and merges parameters of different names.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import Fastify from "fastify";
import { createHttpServer, servedRoutes } from "../src/index.js";

describe("servedRoutes", () => {
  it("lists every route with its full path, parameter names and methods, as registered", async () => {
    const app = createHttpServer({ exposeHeadRoutes: false });
    const ok = async () => ({});
    app.get("/users/:user", ok);
    app.get("/users/:user_id_or_email/presence", ok);
    app.route({ method: ["PATCH", "DELETE"], url: "/users/:user_id", handler: ok });
    app.get("/uploads/:realm/*", ok);
    app.get("/thumbnail/status/:realm/*", ok);
    app.get("/*", ok);
    app.post("/register", ok);
    app.post("/register_client_device", ok);
    await app.register(async (child) => child.get("/inner", ok), { prefix: "/child" });
    await app.ready();
    assert.deepEqual(
      servedRoutes(app).map((r) => `${r.method} ${r.url}`),
      [
        "GET /users/:user",
        "GET /users/:user_id_or_email/presence",
        "PATCH /users/:user_id",
        "DELETE /users/:user_id",
        "GET /uploads/:realm/*",
        "GET /thumbnail/status/:realm/*",
        "GET /*",
        "POST /register",
        "POST /register_client_device",
        "GET /child/inner",
      ],
    );
    await app.close();
  });

  it("refuses an app it did not build, rather than answer an empty list", () => {
    assert.throws(() => servedRoutes(Fastify()), /not built by createHttpServer/);
  });
});
