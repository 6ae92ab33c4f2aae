// A TCP proxy in front of a real server (PostgreSQL in the fault tests) that a test can break
// the ways a network and a database fail: cut every connection and refuse new ones (a restart,
// a failover), or stall (accept and forward nothing: a frozen host, a dropped route). Only
// loopback addresses.
import { createServer, connect, type Server, type Socket } from "node:net";

export type ProxyMode = "pass" | "refuse" | "stall";

export interface FaultyProxy {
  port: number;
  /** a database URL like `url` whose host and port are the proxy's */
  urlFor(url: string): string;
  /** ends every open connection and refuses new ones until restore() */
  cut(): void;
  /** leaves connections open but forwards nothing, and lets new ones hang, until restore() */
  stall(): void;
  /** back to forwarding (stalled connections are ended: their protocol state is lost) */
  restore(): void;
  close(): Promise<void>;
}

export async function faultyProxy(target: { host: string; port: number }): Promise<FaultyProxy> {
  let mode: ProxyMode = "pass";
  const pairs = new Set<[Socket, Socket | undefined]>();

  const server: Server = createServer((client) => {
    client.on("error", () => {});
    if (mode === "refuse") return void client.destroy();
    if (mode === "stall") {
      const pair: [Socket, Socket | undefined] = [client, undefined];
      pairs.add(pair);
      client.on("close", () => pairs.delete(pair));
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    const pair: [Socket, Socket | undefined] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("data", (chunk) => {
      if (mode === "pass") upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (mode === "pass") client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream?.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      mode = "refuse";
      dropAll();
    },
    stall() {
      mode = "stall";
    },
    restore() {
      if (mode === "stall") dropAll();
      mode = "pass";
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
