// What a dashboard handler returns, and how it is written to the wire.
import type { FastifyReply } from "fastify";
import type { Html } from "./html.js";

export type WebResponse =
  | { kind: "page"; html: Html; status: number }
  | { kind: "redirect"; location: string; status?: 302 | 303 }
  | { kind: "json"; body: unknown }
  | { kind: "download"; body: Buffer; filename: string; type: string };

export const pageResponse = (html: Html, status = 200): WebResponse => ({ kind: "page", html, status });
/** 303 after a form; 302 where the upstream's GET redirects are reproduced (Django's default). */
export const redirectTo = (location: string, status: 302 | 303 = 303): WebResponse => ({ kind: "redirect", location, status });
export const jsonResponse = (body: unknown): WebResponse => ({ kind: "json", body });

/** Thrown by access checks and validation deep inside a handler; rendered as an error page. */
export class WebError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

// Pages are rendered by the server only: no inline script or style is ever needed.
const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  // Pages can show a freshly created key: keep them out of every cache.
  "cache-control": "no-store",
};

export function sendWeb(reply: FastifyReply, response: WebResponse): FastifyReply {
  reply.headers(SECURITY_HEADERS);
  if (response.kind === "redirect") return reply.code(response.status ?? 303).header("location", response.location).send("");
  if (response.kind === "download") {
    // An attachment, never rendered here: a ping body is whatever a client sent.
    return reply.code(200).header("content-type", response.type).header("content-disposition", `attachment; filename="${response.filename}"`).send(response.body);
  }
  if (response.kind === "json") return reply.code(200).header("content-type", "application/json; charset=utf-8").send(JSON.stringify(response.body));
  return reply.code(response.status).header("content-type", "text/html; charset=utf-8").send(response.html.text);
}
