// The bus over PostgreSQL LISTEN/NOTIFY, on the chat database itself. One connection per
// process both listens and notifies, so a process's notices leave in the order it publishes
// them, and PostgreSQL delivers notifications in commit order.
//
// A NOTIFY payload is limited to 8000 bytes; larger notices (a message to thousands of
// subscribers) are written to chat_event_bus and the notification carries the row id. Rows are
// deleted after a few minutes. The channel name includes the schema, so several Beacon
// installations (or test runs) sharing a database never see each other's events.
import pg from "pg";
import { sql } from "kysely";
import type { Logger } from "@beacon/platform";
import type { ChatDb } from "../store/schema.js";
import { decodeBusMessage, encodeBusMessage, Unsent, type BusMessage, type EventBus } from "./bus.js";

const INLINE_LIMIT = 7_900;
const KEEP_ROWS_MS = 5 * 60_000;

export class PostgresBus implements EventBus {
  readonly kind = "postgres" as const;
  private client: pg.Client | null = null;
  private channel = "";
  private receive: (message: BusMessage) => void = () => {};
  private gap: () => void = () => {};
  /** Published while disconnected, with the origin of the last one (for a gap message). */
  private readonly unsent = new Unsent();
  private origin = "";
  /** Queries on the connection, one at a time and in order (pg@9 drops its implicit queue). */
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  private sweeper: NodeJS.Timeout | null = null;
  private reconnectDelay = 500;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  async start(receive: (message: BusMessage) => void, gap: () => void = () => {}): Promise<void> {
    this.receive = receive;
    this.gap = gap;
    await this.connect();
    this.sweeper = setInterval(() => {
      const client = this.client;
      if (client) this.serial(() => client.query("delete from chat_event_bus where created < $1", [Date.now() - KEEP_ROWS_MS])).catch(() => {});
    }, 60_000);
    this.sweeper.unref();
  }

  private async connect(): Promise<void> {
    const parsed = new URL(this.url);
    const schema = parsed.searchParams.get("schema");
    parsed.searchParams.delete("schema");
    // Named, so an operator (or a test) finds the bus connection of a schema in pg_stat_activity.
    const client = new pg.Client({ connectionString: parsed.toString(), application_name: `beacon-chat-bus ${schema ?? ""}`.trim().slice(0, 63), ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    await client.connect();
    const { rows } = await client.query<{ schema: string }>("select current_schema() as schema");
    this.channel = `beacon_chat_events_${rows[0].schema}`.slice(0, 63);
    client.on("notification", (note) => {
      if (note.channel === this.channel && note.payload !== undefined) this.accept(client, note.payload);
    });
    await client.query(`listen "${this.channel}"`);
    this.client = client;
    this.reconnectDelay = 500;
  }

  /** The backend process serving LISTEN while connected (pg_stat_activity.pid). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | null)?.processID;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => {});
    return next;
  }

  // Notifications are handled one after the other: a large notice is fetched before the next
  // (possibly inline) one is delivered.
  private accept(client: pg.Client, payload: string): void {
    void this.serial(async () => {
      try {
        let text = payload;
        if (payload.startsWith("#")) {
          const { rows } = await client.query<{ payload: string }>("select payload from chat_event_bus where id = $1", [Number(payload.slice(1))]);
          if (!rows.length) return;
          text = rows[0].payload;
        }
        this.receive(decodeBusMessage(text));
      } catch (error) {
        this.log.error({ err: error }, "event bus: bad notification");
      }
    });
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client || this.closing) return;
    this.client = null;
    this.log.error({ err: error }, "event bus: PostgreSQL connection lost; reconnecting (this process's event queues expire when it is back)");
    const retry = () => {
      if (this.closing) return;
      this.connect().then(() => this.resume(), (err) => {
        this.log.error({ err }, "event bus: reconnect failed");
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
        setTimeout(retry, this.reconnectDelay).unref();
      });
    };
    setTimeout(retry, this.reconnectDelay).unref();
  }

  /** Back after a loss: send what was published meanwhile, then expire the queues held here. */
  private resume(): void {
    this.log.info("event bus: PostgreSQL connection back; expiring this process's event queues");
    for (const text of this.unsent.take(this.origin)) this.send(text);
    this.gap();
  }

  publish(message: BusMessage): void {
    this.origin = message.origin;
    const text = encodeBusMessage(message);
    if (!this.client) this.unsent.add(text);
    else this.send(text);
  }

  // NOTIFY is transactional: PostgreSQL queues the notification at the commit, and delivers
  // notifications of different transactions in the order they committed.
  async publishWithin(trx: ChatDb, message: BusMessage): Promise<void> {
    const text = encodeBusMessage(message);
    if (Buffer.byteLength(text) <= INLINE_LIMIT) await sql`select pg_notify(${this.channel}, ${text})`.execute(trx);
    else await sql`with row as (insert into chat_event_bus (payload, created) values (${text}, ${Date.now()}) returning id) select pg_notify(${this.channel}, '#' || id) from row`.execute(trx);
  }

  private send(text: string): void {
    const client = this.client;
    if (!client) return this.unsent.add(text);
    const channel = this.channel;
    const query = () =>
      Buffer.byteLength(text) <= INLINE_LIMIT
        ? client.query("select pg_notify($1, $2)", [channel, text])
        : client.query("with row as (insert into chat_event_bus (payload, created) values ($2, $3) returning id) select pg_notify($1, '#' || id) from row", [channel, text, Date.now()]);
    this.serial(query).catch((error) => {
      // The connection died under it ('end' comes around the same time): send it once back.
      setImmediate(() => {
        if (this.client !== client && !this.closing) this.unsent.add(text);
        else this.log.error({ err: error }, "event bus: publish failed");
      });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    const client = this.client;
    this.client = null;
    await this.queue;
    if (client) await client.end().catch(() => {});
  }
}
