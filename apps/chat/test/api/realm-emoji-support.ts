// Custom emoji test helpers: a chat server whose uploads go to a temporary directory, tiny
// images built in memory, and multipart uploads through inject.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { basic, chatTest, type Account, type ChatTest, type Response } from "../helpers.js";

export interface EmojiTest extends ChatTest {
  uploadsDir: string;
}

export async function emojiTest(config: { maxEmojiFileSizeMib?: number } = {}): Promise<EmojiTest> {
  const uploadsDir = await mkdtemp(join(tmpdir(), "beacon-emoji-"));
  const t = await chatTest({ config: { uploadsDir, ...config } });
  const closeServer = t.close;
  return Object.assign(t, {
    uploadsDir,
    async close() {
      await closeServer();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  });
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A 1x1 RGBA PNG; with `frames` > 1, an APNG of that many frames. */
export function png(frames = 1): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 255]));
  const chunks = [pngChunk("IHDR", ihdr)];
  if (frames > 1) {
    const actl = Buffer.alloc(8);
    actl.writeUInt32BE(frames, 0);
    chunks.push(pngChunk("acTL", actl));
  }
  let sequence = 0;
  const fctl = () => {
    const body = Buffer.alloc(26);
    body.writeUInt32BE(sequence++, 0);
    body.writeUInt32BE(1, 4);
    body.writeUInt32BE(1, 8);
    body.writeUInt16BE(1, 22);
    body.writeUInt16BE(10, 24);
    return pngChunk("fcTL", body);
  };
  if (frames > 1) chunks.push(fctl());
  chunks.push(pngChunk("IDAT", pixels));
  for (let f = 1; f < frames; f++) {
    chunks.push(fctl());
    const seq = Buffer.alloc(4);
    seq.writeUInt32BE(sequence++, 0);
    chunks.push(pngChunk("fdAT", Buffer.concat([seq, pixels])));
  }
  chunks.push(pngChunk("IEND", Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

/** A 1x1 GIF of `frames` frames. */
export function gif(frames = 1): Buffer {
  const header = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])]);
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

export interface UploadPart {
  field?: string;
  fileName?: string;
  /** null sends the part without a Content-Type, as python-zulip-api does */
  contentType?: string | null;
  data: Buffer;
}

/** POST /realm/emoji/{name} with these files as multipart/form-data (Python's requests shape). */
export async function uploadEmoji(t: ChatTest, who: Account, name: string, parts: UploadPart[]): Promise<Response> {
  const boundary = "----beacon-test-boundary";
  const body = Buffer.concat([
    ...parts.flatMap((p, i) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? `f${i + 1}`}"; filename="${p.fileName ?? "img.png"}"\r\n${p.contentType === null ? "" : `Content-Type: ${p.contentType ?? "image/png"}\r\n`}\r\n`),
      p.data,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: `/api/v1/realm/emoji/${name}`,
    headers: { host: who.host, authorization: basic(who.email, who.apiKey), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  let parsed: any;
  try {
    parsed = response.json();
  } catch {
    parsed = response.body;
  }
  return { status: response.statusCode, body: parsed, headers: response.headers };
}
