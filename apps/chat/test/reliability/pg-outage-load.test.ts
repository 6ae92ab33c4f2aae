// PostgreSQL failing under the chat server while clients send and read messages: its
// connections terminated (pg_terminate_backend on the pool's and the event bus's, as a failover
// or a pooler restart does), then new connections refused for a few seconds (through a proxy
// that cuts every connection, as a restart does). The process survives; every answer is a
// success or Zulip's error shape with 503 and Retry-After, within the timeouts; the clients are
// served again within a second of the database being back; and every message given an id is
// in the database.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { createLogger, systemClock, type ServingDatabase } from "@beacon/platform";
import { faultyProxy, freshDatabaseUrl, injectOutages, startLoad, type FaultyProxy, type TestDatabase } from "@beacon/testing";
import { doCreateRealm } from "../../src/actions/realms.js";
import { loadChatConfig } from "../../src/config.js";
import { buildChatApp, openChatDatabase, withEvents } from "../../src/main.js";
import type { ChatDatabase } from "../../src/store/schema.js";
import { basic, encode } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;
const CONNECT_TIMEOUT_MS = 500;
const STATEMENT_TIMEOUT_MS = 1_000;
// The longest a request may wait: a free connection, then a statement unanswered for its
// timeout and the client's grace second; plus a second for a loaded machine's scheduling.
const LONGEST_ANSWER_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 1_000 + 1_000;
const SENDERS = 3;

describe("the chat server under load while PostgreSQL fails", { skip: !PG && "needs PostgreSQL (TEST_DATABASE_URL): the faults are a server's connections ending" }, () => {
  let test: TestDatabase;
  let schema: string;
  let proxy: FaultyProxy;
  let database: ServingDatabase<ChatDatabase>;
  let app: FastifyInstance;
  let admin: pg.Client;
  let auth: string;
  let ownerId: number;
  const applicationName = `beacon-chat-faults-${process.pid}`;

  before(async () => {
    test = await freshDatabaseUrl();
    schema = new URL(test.url).searchParams.get("schema")!;
    const target = new URL(test.url);
    proxy = await faultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(proxy.urlFor(test.url));
    url.searchParams.set("application_name", applicationName);
    // The event bus is PostgreSQL's (LISTEN/NOTIFY), as on any PostgreSQL deployment.
    const config = { ...loadChatConfig({}, {}), databaseUrl: url.toString(), rateLimit: 0, dbConnectTimeoutMs: CONNECT_TIMEOUT_MS, dbStatementTimeoutMs: STATEMENT_TIMEOUT_MS };
    const log = createLogger("chat-test", "silent");
    database = await openChatDatabase(config, log);
    app = await buildChatApp(withEvents({ db: database.db, dialect: database.dialect, log, clock: systemClock, config }));
    const realm = await doCreateRealm(database.db, { name: "Under load", subdomain: "", ownerEmail: "owner@example.com", ownerName: "Owner", ownerPassword: null, now: Date.now() });
    auth = basic("owner@example.com", realm.apiKey);
    ownerId = realm.userId;
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
  });
  after(async () => {
    proxy?.restore();
    await admin?.end();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await test?.release();
  });

  /** Ends every connection the server holds (its pool's, its bus's), as a failover does; returns how many. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name in ($1, $2)", [applicationName, `beacon-chat-bus ${schema}`]);
    return rows.filter((row) => row.ended).length;
  }

  const send = (content: string) =>
    app.inject({ method: "POST", url: "/api/v1/messages", headers: { host: "localhost", authorization: auth, "content-type": "application/x-www-form-urlencoded" }, payload: encode({ type: "private", to: [ownerId], content }) });
  const read = () => app.inject({ method: "GET", url: `/api/v1/messages?${encode({ anchor: "newest", num_before: 20, num_after: 0, narrow: [] })}`, headers: { host: "localhost", authorization: auth } });

  it("survives, answers 503 with Retry-After or success, recovers within a second, and keeps every message given an id", async (t) => {
    const acknowledged = new Map<number, string>();
    const wrongAnswers: string[] = [];
    const expectAnswer = (label: string, res: LightMyRequestResponse) => {
      if (res.statusCode === 200) return;
      const body = JSON.parse(res.body);
      const zulipShape = body.result === "error" && body.code === "BAD_REQUEST" && /^The database (is unavailable|did not answer in time); try again shortly\.$/.test(body.msg);
      if (res.statusCode === 503 && res.headers["retry-after"] === "5" && zulipShape) return;
      wrongAnswers.push(`${label}: ${res.statusCode} ${JSON.stringify(res.headers["retry-after"])} ${res.body}`);
    };
    // Clients 0..SENDERS-1 send messages naming themselves; the last one reads the newest.
    const load = startLoad(SENDERS + 1, async (client, sequence) => {
      if (client === SENDERS) {
        const res = await read();
        expectAnswer(`read ${sequence}`, res);
        return res.statusCode;
      }
      const content = `client ${client} message ${sequence}`;
      const res = await send(content);
      expectAnswer(content, res);
      if (res.statusCode === 200) acknowledged.set(res.json().id, content);
      return res.statusCode;
    });
    await injectOutages({ load, terminateBackends, fewestConnections: 2, proxy, isSuccess: (status) => status === 200, longestAnswerMs: LONGEST_ANSWER_MS, diagnostic: (line) => t.diagnostic(line) });
    assert.deepEqual(wrongAnswers, []);

    assert.ok(acknowledged.size > 0);
    const { rows } = await admin.query(`select id, content from ${schema}.messages where id = any($1)`, [[...acknowledged.keys()]]);
    const stored = new Map(rows.map((row) => [Number(row.id), row.content]));
    assert.deepEqual([...acknowledged].filter(([id, content]) => stored.get(id) !== content), [], "messages given an id are missing or changed");
  });
});
