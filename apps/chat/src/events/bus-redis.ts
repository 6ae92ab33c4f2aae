// The bus over Redis PUBLISH/SUBSCRIBE (CHAT_EVENT_BUS=redis://host:port[/db][?channel=name]):
// one connection publishes, a second one subscribes (a subscribed Redis connection can do
// nothing else). Publishing from one connection keeps a process's notices in order.
import type { Logger } from "@beacon/platform";
import { decodeBusMessage, encodeBusMessage, type BusMessage, type EventBus } from "./bus.js";

type RedisClient = {
  connect(): Promise<unknown>;
  quit(): Promise<unknown>;
  duplicate(): RedisClient;
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

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    const parsed = new URL(url);
    this.channel = parsed.searchParams.get("channel") || "beacon:chat:events";
    parsed.searchParams.delete("channel");
    this.url = parsed.toString();
  }

  async start(receive: (message: BusMessage) => void): Promise<void> {
    // Loaded only when configured: the redis package is needed by Redis deployments alone.
    const { createClient } = (await import("redis")) as unknown as { createClient(options: { url: string }): RedisClient };
    const pub = createClient({ url: this.url });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on("error", (error: Error) => this.log.error({ err: error }, "event bus: Redis error"));
    await Promise.all([pub.connect(), sub.connect()]);
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
    if (!this.pub?.isReady) {
      this.log.warn("event bus: Redis not connected; a notice was not published to other processes");
      return;
    }
    this.pub.publish(this.channel, encodeBusMessage(message)).catch((error) => this.log.error({ err: error }, "event bus: publish failed"));
  }

  async close(): Promise<void> {
    const clients = [this.sub, this.pub].filter((c): c is RedisClient => c !== null);
    this.pub = this.sub = null;
    for (const client of clients) await client.quit().catch(() => {});
  }
}
