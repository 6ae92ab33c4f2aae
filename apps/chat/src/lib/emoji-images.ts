// What a custom emoji upload is, read from its bytes: the image format, whether it is animated,
// and for animated images a still first frame cut out of the container (GIF, APNG, animated
// WebP). Checked before any decoding; resizing is lib/images.ts's. The cut frame is what an
// APNG's still comes from, as libvips reads no APNG frames past the first.

export type ImageFormat = "png" | "gif" | "jpeg" | "webp" | "avif";

/** The declared types Zulip accepts for emoji (THUMBNAIL_ACCEPT_IMAGE_TYPES ∩ INLINE_MIME_TYPES), with its extensions. */
export const EMOJI_CONTENT_TYPES: Record<string, string> = {
  "image/avif": ".avif",
  "image/gif": ".gif",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

const EXTENSION_CONTENT_TYPES: Record<string, string> = { ".jpeg": "image/jpeg", ...Object.fromEntries(Object.entries(EMOJI_CONTENT_TYPES).map(([type, ext]) => [ext, type])) };

/** The accepted image type a file name implies, as Python's mimetypes guesses it (Zulip's avatars go by this alone). */
export function imageTypeOfFileName(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? undefined : EXTENSION_CONTENT_TYPES[fileName.slice(dot).toLowerCase()];
}

/**
 * The part's declared type, or, when the client declared none (python-zulip-api sends files
 * without a Content-Type, which busboy reports as text/plain) or only a generic one, the type
 * its file name implies.
 */
export function emojiContentType(declared: string, fileName: string): string {
  if (declared && declared !== "text/plain" && declared !== "application/octet-stream") return declared;
  return imageTypeOfFileName(fileName) ?? declared;
}

export const FORMAT_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: "image/png",
  gif: "image/gif",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(data: Buffer): ImageFormat | undefined {
  if (data.length >= 33 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (data.length >= 14 && (data.toString("latin1", 0, 6) === "GIF87a" || data.toString("latin1", 0, 6) === "GIF89a")) return "gif";
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 20 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (data.length >= 16 && data.toString("latin1", 4, 8) === "ftyp" && /avi[fs]/.test(data.toString("latin1", 8, Math.min(data.length, data.readUInt32BE(0))))) return "avif";
  return undefined;
}

interface Chunk {
  type: string;
  start: number;
  end: number;
}

function pngChunks(data: Buffer): Chunk[] | undefined {
  const chunks: Chunk[] = [];
  for (let at = 8; at + 12 <= data.length; ) {
    const length = data.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > data.length) return undefined;
    chunks.push({ type: data.toString("latin1", at + 4, at + 8), start: at, end });
    at = end;
  }
  return chunks;
}

function riffChunks(data: Buffer, from: number, to: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (let at = from; at + 8 <= to; ) {
    const size = data.readUInt32LE(at + 4);
    const end = Math.min(at + 8 + size + (size % 2), to);
    chunks.push({ type: data.toString("latin1", at, at + 4), start: at, end });
    at = end;
  }
  return chunks;
}

/** Skips GIF sub-blocks from `at`; returns the offset past the terminator, or -1. */
function skipSubBlocks(data: Buffer, at: number): number {
  while (at < data.length) {
    const size = data[at];
    at += 1 + size;
    if (size === 0) return at;
  }
  return -1;
}

/** Offsets where each GIF frame's data ends (after its image data), or undefined when malformed. */
function gifFrameEnds(data: Buffer): number[] | undefined {
  const flags = data[10];
  let at = 13 + (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  const ends: number[] = [];
  while (at < data.length) {
    const block = data[at];
    if (block === 0x3b) return ends;
    if (block === 0x21) {
      at = skipSubBlocks(data, at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > data.length) return undefined;
      const local = data[at + 9];
      at += 10 + (local & 0x80 ? 3 * (1 << ((local & 0x07) + 1)) : 0);
      at = skipSubBlocks(data, at + 1);
      if (at > 0) ends.push(at);
    } else {
      return undefined;
    }
    if (at < 0) return undefined;
  }
  // compat: browsers show GIFs missing their trailer; so does libvips.
  return ends;
}

export interface EmojiImage {
  format: ImageFormat;
  animated: boolean;
  /** the first frame on its own, for animated images in a format we can cut */
  still?: Buffer;
}

/** The image in `data`, or undefined when it is no image of an accepted format. */
export function readEmojiImage(data: Buffer): EmojiImage | undefined {
  const format = sniffImage(data);
  if (!format) return undefined;
  if (format === "gif") {
    const ends = gifFrameEnds(data);
    if (!ends || ends.length === 0) return undefined;
    if (ends.length === 1) return { format, animated: false };
    return { format, animated: true, still: Buffer.concat([data.subarray(0, ends[0]), Buffer.from([0x3b])]) };
  }
  if (format === "png") {
    const chunks = pngChunks(data);
    if (!chunks || chunks[0]?.type !== "IHDR" || !chunks.some((c) => c.type === "IDAT")) return undefined;
    if (!chunks.some((c) => c.type === "acTL")) return { format, animated: false };
    // The default image (IDAT) is the first frame, or a fallback shown by non-APNG decoders.
    const kept = chunks.filter((c) => c.type !== "acTL" && c.type !== "fcTL" && c.type !== "fdAT");
    return { format, animated: true, still: Buffer.concat([PNG_SIGNATURE, ...kept.map((c) => data.subarray(c.start, c.end))]) };
  }
  if (format === "webp") {
    const chunks = riffChunks(data, 12, Math.min(data.length, 8 + data.readUInt32LE(4)));
    if (!chunks.length) return undefined;
    const frame = chunks.find((c) => c.type === "ANMF");
    if (!frame) return { format, animated: false };
    return { format, animated: true, still: webpFrame(data, frame) };
  }
  // JPEG has no animation; an AVIF image sequence is animated but not cut here.
  if (format === "avif") return { format, animated: /avis/.test(data.toString("latin1", 8, Math.min(data.length, data.readUInt32BE(0)))) };
  return { format, animated: false };
}

/** A still WebP of one ANMF frame: a VP8X container around the frame's bitstream chunks. */
function webpFrame(data: Buffer, frame: Chunk): Buffer | undefined {
  const payload = frame.start + 8;
  if (payload + 16 > frame.end) return undefined;
  const width = data.readUIntLE(payload + 6, 3) + 1;
  const height = data.readUIntLE(payload + 9, 3) + 1;
  const inner = riffChunks(data, payload + 16, frame.end).filter((c) => c.type === "ALPH" || c.type === "VP8 " || c.type === "VP8L");
  if (!inner.some((c) => c.type !== "ALPH")) return undefined;
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "latin1");
  vp8x.writeUInt32LE(10, 4);
  // Alpha flag when the frame carries alpha (ALPH, or VP8L which may).
  vp8x[8] = inner.some((c) => c.type === "ALPH" || c.type === "VP8L") ? 0x10 : 0;
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from("WEBP", "latin1"), vp8x, ...inner.map((c) => data.subarray(c.start, c.end))]);
  const header = Buffer.alloc(8);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
