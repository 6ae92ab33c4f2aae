// Multipart uploads through inject, as python-zulip-api's upload_file sends them.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { basic, type Account, type ChatTest, type Response } from "../helpers.js";

export const uploadsDir = () => mkdtemp(join(tmpdir(), "beacon-uploads-"));

export interface Part {
  field: string;
  fileName?: string;
  contentType?: string;
  data: Buffer | string;
}

export async function multipart(t: ChatTest, who: Account, method: string, url: string, parts: Part[]): Promise<Response> {
  const boundary = "----beacon-upload-boundary";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.fileName}"`;
    const type = p.fileName === undefined ? "" : `Content-Type: ${p.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: method as "POST",
    url: `/api/v1${url}`,
    headers: { host: who.host, authorization: basic(who.email, who.apiKey), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A GET outside /api/v1 (the files themselves), with or without credentials. */
export async function fetchFile(t: ChatTest, who: Account | null, url: string): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { host: who?.host ?? "127.0.0.1" };
  if (who) headers.authorization = basic(who.email, who.apiKey);
  const response = await t.app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}
