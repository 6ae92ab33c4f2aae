// The bus over PostgreSQL LISTEN/NOTIFY, on the chat database itself. One connection per
// process both listens and notifies, so a process's notices leave in the order it publishes
// them, and PostgreSQL delivers notifications in commit order.
//
// A NOTIFY payload is limited to 8000 bytes; larger notices (a message to thousands of
// subscribers) are written to chat_event_bus and the notification carries the row id. Rows are
// deleted after a few minutes. The channel name includes the schema, so several Beacon
// installations (or test runs) sharing a database never see each other's events.
import pg from "pg";
import type { Logger } from "@beacon/platform";
import { decodeBusMessage, encodeBusMessage, type BusMessage, type EventBus } from "./bus.js";

const INLINE_LIMIT = 7_900;
const KEEP_ROWS_MS = 5 * 60_000;

export class PostgresBus implements EventBus {
  readonly kind = "postgres" as const;
  private client: pg.Client | null = null;
  private channel = "";
  private receive: (message: BusMessage) => void = () => {};
  /** Queries on the connection, one at a time and in order (pg@9 drops its implicit queue). */
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  private sweeper: NodeJS.Timeout | null = null;
  private reconnectDelay = 500;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {}

  async start(receive: (message: BusMessage) => void): Promise<void> {
    this.receive = receive;
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
    const client = new pg.Client({ connectionString: parsed.toString(), ...(schema ? { options: `-c search_path=${schema}` } : {}) });
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
    this.log.error({ err: error }, "event bus: PostgreSQL connection lost; reconnecting (events published meanwhile are not received)");
    const retry = () => {
      if (this.closing) return;
      this.connect().catch((err) => {
        this.log.error({ err }, "event bus: reconnect failed");
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
        setTimeout(retry, this.reconnectDelay).unref();
      });
    };
    setTimeout(retry, this.reconnectDelay).unref();
  }

  publish(message: BusMessage): void {
    const client = this.client;
    if (!client) {
      this.log.warn("event bus: not connected; a notice was not published to other processes");
      return;
    }
    const text = encodeBusMessage(message);
    const channel = this.channel;
    const query = () =>
      Buffer.byteLength(text) <= INLINE_LIMIT
        ? client.query("select pg_notify($1, $2)", [channel, text])
        : client.query("with row as (insert into chat_event_bus (payload, created) values ($2, $3) returning id) select pg_notify($1, '#' || id) from row", [channel, text, Date.now()]);
    this.serial(query).catch((error) => this.log.error({ err: error }, "event bus: publish failed"));
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
