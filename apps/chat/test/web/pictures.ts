// Pictures for the browser tests, drawn in code and encoded as PNG (RGBA, no filtering): a
// landscape for image previews and a round badge for a custom emoji.
import { deflateSync } from "node:zlib";

type Pixel = [r: number, g: number, b: number, a: number];

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

function encode(width: number, height: number, pixel: (x: number, y: number) => Pixel): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))), row + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const mix = (a: number[], b: number[], t: number): Pixel => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t).concat(255) as Pixel;

/** A harbour at dusk, 480x300: sky, sun, two ranges of hills and water. */
function landscape(): Buffer {
  const w = 480;
  const h = 300;
  return encode(w, h, (x, y) => {
    const far = 170 + 22 * Math.sin(x / 47) + 10 * Math.sin(x / 13 + 1);
    const near = 205 + 18 * Math.sin(x / 71 + 2) + 6 * Math.sin(x / 9);
    if (y > 235) return mix([38, 70, 110], [20, 36, 64], (y - 235) / 65);
    if (y > near) return mix([36, 58, 72], [28, 44, 56], (y - near) / 40);
    if (y > far) return mix([92, 92, 128], [70, 74, 110], (y - far) / 60);
    const sun = Math.hypot(x - 330, y - 150) < 34;
    if (sun) return [255, 214, 140, 255];
    return mix([44, 62, 122], [244, 162, 97], y / 200);
  });
}

/** A 64x64 round badge with a light beam, transparent around it. */
function emoji(): Buffer {
  return encode(64, 64, (x, y) => {
    const d = Math.hypot(x - 31.5, y - 31.5);
    if (d > 30) return [0, 0, 0, 0];
    const beam = Math.abs(x - 31.5) < 4 + (40 - y) / 6 && y < 40;
    if (beam) return [255, 236, 150, 255];
    if (d < 9 && y >= 36) return [255, 210, 80, 255];
    return mix([60, 140, 220], [40, 80, 170], y / 64);
  });
}

export function picture(kind: "landscape" | "emoji"): Buffer {
  return kind === "landscape" ? landscape() : emoji();
}
