// The stylesheet and the page script, read once at start-up: no build step, no bundler.
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

const FILES: Record<string, string> = {
  "beacon.css": "text/css; charset=utf-8",
  "beacon.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
};

export function staticRoutes(app: FastifyInstance): void {
  for (const [name, type] of Object.entries(FILES)) {
    const body = readFileSync(new URL(`../static/${name}`, import.meta.url));
    app.get(`/static/${name}`, (_request, reply) => reply.header("content-type", type).header("cache-control", "public, max-age=300").send(body));
  }
  // Browsers ask for /favicon.ico on pages that are not HTML (JSON, badges): send them to the SVG.
  app.get("/favicon.ico", (_request, reply) => reply.code(301).header("location", "/static/favicon.svg").send(""));
}
