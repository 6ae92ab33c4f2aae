// Images made in memory with sharp, and multipart uploads to any endpoint through inject.
import sharp from "sharp";
import { basic, type Account, type ChatTest, type Response } from "../helpers.js";

/** A solid image of this size, encoded in `format`. */
export function solidImage(width: number, height: number, format: "png" | "jpeg" | "webp" | "gif" = "png"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
}

/** Format, frame size and frame count (sharp reports an animation's height as all frames stacked). */
export async function imageSize(data: Buffer): Promise<{ format?: string; width?: number; height?: number; pages?: number }> {
  const { format, width, height, pages, pageHeight } = await sharp(data, { animated: true }).metadata();
  return { format, width, height: pageHeight ?? height, pages: pages ?? 1 };
}

/** An animated GIF whose frames differ (identical frames may be merged by encoders). */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const frame = (i: number) => sharp({ create: { width, height, channels: 4, background: { r: (i * 80) % 256, g: 100, b: 0, alpha: 1 } } }).png().toBuffer();
  return sharp(await Promise.all(Array.from({ length: frames }, (_, i) => frame(i))), { join: { animated: true } }).gif().toBuffer();
}

export async function upload(t: ChatTest, who: Account, method: string, url: string, files: { data: Buffer; fileName?: string; field?: string }[]): Promise<Response> {
  const boundary = "----beacon-image-boundary";
  const payload = Buffer.concat([
    ...files.flatMap((f, i) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? `f${i + 1}`}"; filename="${f.fileName ?? "image.png"}"\r\nContent-Type: image/png\r\n\r\n`),
      f.data,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: method as "POST", url: `/api/v1${url}`, headers: { host: who.host, authorization: basic(who.email, who.apiKey), "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
  let body: any;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** GET a path on the realm's host (outside /api/v1) with the account's credentials. */
export async function fetchRaw(t: ChatTest, who: Account | null, path: string, host?: string): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { host: host ?? who!.host };
  if (who) headers.authorization = basic(who.email, who.apiKey);
  const response = await t.app.inject({ method: "GET", url: path, headers });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}
