// Test support: a fake of an outside service, a real HTTP server on 127.0.0.1 that records
// every request (method, URL, headers, body) and answers as the service would. A kind's
// test points the kind at it through the kind's API-URL setting or the stored value.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json(): any;
  form(): URLSearchParams;
}

export interface Reply {
  status: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: Received, params: Record<string, string>) => Reply | Promise<Reply>;

export interface FakeService {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: Received[];
  /** Answers for the next requests whatever they ask, in order, before any route. */
  replies: Reply[];
  /** Answers `method` requests to `path`; ":name" segments match any one segment. */
  on(method: string, path: string, answer: Handler | Reply): void;
  /** Forgets the requests and queued replies (routes stay). */
  clear(): void;
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: string[];
  answer: Handler | Reply;
}

function match(pattern: string[], path: string): Record<string, string> | null {
  const parts = path.split("/");
  if (parts.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    if (pattern[i].startsWith(":")) params[pattern[i].slice(1)] = decodeURIComponent(parts[i]);
    else if (pattern[i] !== parts[i]) return null;
  }
  return params;
}

/** A fake answering 200 "ok" (or `fallback`) to whatever no route or queued reply covers. */
export async function startFakeService(fallback: Reply = { status: 200, body: "ok" }): Promise<FakeService> {
  const routes: Route[] = [];
  const service: FakeService = {
    url: "",
    requests: [],
    replies: [],
    on: (method, path, answer) => void routes.push({ method: method.toUpperCase(), pattern: path.split("/"), answer }),
    clear() {
      service.requests.length = 0;
      service.replies.length = 0;
    },
    close: async () => {},
  };

  async function answer(request: Received): Promise<Reply> {
    const queued = service.replies.shift();
    if (queued) return queued;
    const path = request.url.split("?")[0];
    for (const route of routes) {
      const params = route.method === request.method ? match(route.pattern, path) : null;
      if (params) return typeof route.answer === "function" ? route.answer(request, params) : route.answer;
    }
    return fallback;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const request: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
        text: () => body.toString("utf8"),
        json: () => JSON.parse(body.toString("utf8")),
        form: () => new URLSearchParams(body.toString("utf8")),
      };
      service.requests.push(request);
      try {
        const reply = await answer(request);
        const isText = typeof reply.body === "string" || reply.body === undefined;
        const payload = isText ? String(reply.body ?? "") : JSON.stringify(reply.body);
        res.writeHead(reply.status, { "content-type": isText ? "text/plain; charset=utf-8" : "application/json", ...reply.headers }).end(payload);
      } catch (error) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return service;
}
