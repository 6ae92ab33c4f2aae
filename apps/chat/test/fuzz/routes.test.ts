// Every route of the chat server, fed hostile parameters, bodies, encodings, headers and ids,
// as an organization owner with a valid API key (so authenticated routes are reached past
// auth) and now and then with a broken one. No answer may be a 5xx. Bounded by FUZZ_RUNS and
// FUZZ_BUDGET_S; see docs/architecture.md#fuzzing to run it longer or replay a case. The
// parameters of each route are read from its declaration: the URL table's (routes/index.ts) and
// the web app's sign-in forms' (routes/web-auth.ts).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { formatFailures, fuzzRoutes, fuzzSettings, routeName, routesOf, summary, type FuzzRoute } from "@beacon/testing/fuzz";
import { fieldsOf } from "../../src/http/declare.js";
import { API_PREFIX, JSON_PREFIX } from "../../src/http/endpoint.js";
import { ROUTES } from "../../src/routes/index.js";
import { WEB_FORMS } from "../../src/routes/web-auth.js";
import { refusalRoutes } from "../../src/http/methods.js";
import { ROLE_OWNER } from "../../src/lib/roles.js";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { uploadsDir } from "../api/uploads-support.js";

/** The parameters each route declares, by `METHOD /path` as it is registered. */
const declared = new Map<string, string[]>();
const names = (declaration: Parameters<typeof fieldsOf>[0]) => fieldsOf(declaration).map((field) => field.name);
/** Every line of the URL table under each prefix it is served at (the web app's /json unless `json: false`). */
const table = ROUTES.flatMap((route) => (route.options.json === false ? [API_PREFIX] : [API_PREFIX, JSON_PREFIX]).map((prefix) => ({ route, name: `${route.method} ${prefix}${route.path}` })));
for (const { route, name } of table) declared.set(name, names(route.endpoint.params));
for (const [route, form] of Object.entries(WEB_FORMS)) declared.set(route, names(form));

describe("fuzzing the chat server", () => {
  let t: ChatTest;
  let owner: Account;
  const samples = new Map<string, string[]>();

  const add = (names: string[], ...values: unknown[]) => {
    for (const name of names) samples.set(name, [...(samples.get(name) ?? []), ...values.map((v) => (typeof v === "string" ? v : JSON.stringify(v)))]);
  };

  before(async () => {
    t = await chatTest({ config: { uploadsDir: await uploadsDir() } });
    owner = await t.realm();
    const member = await t.user(owner);
    const stream = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "fuzz" }] });
    assert.equal(stream.status, 200);
    const streamId = (await t.call(owner, "GET", "/get_stream_id", { stream: "fuzz" })).body.stream_id;
    const message = await t.call(owner, "POST", "/messages", { type: "stream", to: "fuzz", topic: "t", content: "hello" });
    const group = await t.call(owner, "POST", "/user_groups/create", { name: "g", description: "d", members: [member.id] });
    const groupId = (await t.call(owner, "GET", "/user_groups")).body.user_groups.find((g: { name: string }) => g.name === "g")?.id ?? group.body.group_id;
    add(["stream_id", "stream", "channel_id"], streamId, "fuzz");
    add(["user_id", "user", "user_id_or_email", "muted_user_id", "bot_id", "principals", "user_ids"], member.id, [member.id], member.email);
    add(["message_id", "anchor"], message.body.id, "newest");
    add(["group_id"], groupId);
    add(["to"], "fuzz", [member.id]);
    add(["type"], "stream", "direct", "private");
    add(["topic", "subject", "content", "name", "description", "full_name"], "t", "hello");
    add(["narrow"], [{ operator: "search", operand: "hello" }], [["stream", "fuzz"]]);
    add(["subscriptions"], [{ name: "fuzz" }], ["fuzz"]);
    add(["emoji_name"], "smile");
    add(["op"], "add", "remove");
    add(["flag"], "read", "starred");
  });

  after(async () => {
    await t?.close();
  });

  /** An owner of a live realm: earlier routes may have deactivated the realm or the account. */
  async function caller(): Promise<Account> {
    const realm = await t.deps.db.selectFrom("realms").select("deactivated").where("id", "=", owner.realmId).executeTakeFirstOrThrow();
    if (realm.deactivated) owner = await t.realm();
    return t.user(owner, { role: ROLE_OWNER });
  }

  it("answers no route with a 5xx", { timeout: 30 * 60_000 }, async (test) => {
    // The 405 and OPTIONS answers of http/methods.ts are one trivial handler: left out.
    const refused = refusalRoutes(t.app);
    const routes: FuzzRoute[] = routesOf(t.app).filter((r) => !refused.has(routeName(r)));
    const served = new Set(routes.map(routeName));
    const unserved = [...declared.keys()].filter((name) => !served.has(name));
    assert.deepEqual(unserved, [], "every route of the URL table and every web form is served under the name it is declared by");
    const settings = fuzzSettings({ budgetMs: 75_000 });
    const report = await fuzzRoutes(
      {
        routes,
        async send(request) {
          const response = await t.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
          return { status: response.statusCode, body: response.body };
        },
        async prepare(route) {
          const who = await caller();
          return { names: declared.get(`${route.method} ${route.path}`) ?? [], headers: { host: who.host, authorization: basic(who.email, who.apiKey) }, samples: (name) => samples.get(name) ?? [] };
        },
      },
      settings,
    );
    test.diagnostic(summary(report));
    assert.ok(report.requests > 0, "no request was sent");
    if (!settings.only) {
      const fuzzed = new Set(report.fuzzed);
      assert.deepEqual([...declared.keys()].filter((name) => !fuzzed.has(name)), [], "every declared route was fuzzed");
    }
    assert.equal(report.failures.length, 0, `${report.failures.length} of ${report.routes} routes answered a 5xx (${report.requests} requests):\n\n${formatFailures(report)}`);
  });
});
