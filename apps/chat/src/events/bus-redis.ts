// The bus over Redis PUBLISH/SUBSCRIBE (CHAT_EVENT_BUS=redis://host:port[/db][?channel=name]):
// one connection publishes, a second one subscribes (a subscribed Redis connection can do
// nothing else). Publishing from one connection keeps a process's notices in order.
// The client reconnects by itself and subscribes again; each time the subscriber is ready
// again after the first, what was published meanwhile was missed: `gap` (bus.ts).
import type { Logger } from "@beacon/platform";
import { decodeBusMessage, encodeBusMessage, Unsent, type BusMessage, type EventBus } from "./bus.js";

type RedisClient = {
  connect(): Promise<unknown>;
  quit(): Promise<unknown>;
  on(event: string, listener: (...args: any[]) => void): unknown;
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  isReady: boolean;
};

export class RedisBus implements EventBus {
  readonly kind = "redis" as const;
  private pub: RedisClient | null = null;
  private sub: RedisClient | null = null;
  private readonly channel: string;
  private readonly url: string;
  private readonly unsent = new Unsent();
  private origin = "";

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    const parsed = new URL(url);
    this.channel = parsed.searchParams.get("channel") || "beacon:chat:events";
    parsed.searchParams.delete("channel");
    this.url = parsed.toString();
  }

  async start(receive: (message: BusMessage) => void, gap: () => void = () => {}): Promise<void> {
    // Loaded only when configured: the redis package is needed by Redis deployments alone.
    const { createClient } = (await import("redis")) as unknown as { createClient(options: { url: string; name?: string }): RedisClient };
    const pub = createClient({ url: this.url, name: `beacon-pub-${this.channel.replace(/\s/g, "_")}` });
    // Named, so an operator (or a test) finds the subscriber in CLIENT LIST.
    const sub = createClient({ url: this.url, name: `beacon-sub-${this.channel.replace(/\s/g, "_")}` });
    for (const client of [pub, sub]) client.on("error", (error: Error) => this.log.error({ err: error }, "event bus: Redis error"));
    await Promise.all([pub.connect(), sub.connect()]);
    // 'ready' follows every (re)connection; handlers added now see only the reconnections.
    sub.on("ready", () => {
      this.log.info("event bus: Redis subscriber back; expiring this process's event queues");
      gap();
    });
    pub.on("ready", () => {
      for (const text of this.unsent.take(this.origin)) this.send(text);
    });
    await sub.subscribe(this.channel, (text) => {
      try {
        receive(decodeBusMessage(text));
      } catch (error) {
        this.log.error({ err: error }, "event bus: bad message");
      }
    });
    this.pub = pub;
    this.sub = sub;
  }

  publish(message: BusMessage): void {
    this.origin = message.origin;
    this.send(encodeBusMessage(message));
  }

  /** Sent now, or kept until the publishing connection is ready again. */
  private send(text: string): void {
    const pub = this.pub;
    if (!pub) return;
    if (!pub.isReady) return this.unsent.add(text);
    pub.publish(this.channel, text).catch((error) => {
      if (!pub.isReady && this.pub === pub) this.unsent.add(text);
      else this.log.error({ err: error }, "event bus: publish failed");
    });
  }

  async close(): Promise<void> {
    const clients = [this.sub, this.pub].filter((c): c is RedisClient => c !== null);
    this.pub = this.sub = null;
    for (const client of clients) await client.quit().catch(() => {});
  }
}
