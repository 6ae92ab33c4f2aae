// Image resizing with sharp (libvips, as Zulip uses through pyvips), at Zulip's sizes: avatars
// 100 and 500 px squares, realm icons 100 px, logos within 800×100, custom emoji 64 px, and
// message image thumbnails. Decoding is limited to keep image bombs out.
import sharp, { type Sharp } from "sharp";
import type { ThumbnailFormat } from "./thumbnails.js";

export const DEFAULT_AVATAR_SIZE = 100;
export const MEDIUM_AVATAR_SIZE = 500;
export const DEFAULT_EMOJI_SIZE = 64;
/** Zulip's IMAGE_BOMB_TOTAL_PIXELS: larger images are refused before decoding. */
export const MAX_IMAGE_PIXELS = 90_000_000;

/** The image could not be read (not an image, corrupt, or too many pixels). */
export class ImageError extends Error {}

function open(data: Buffer, options: { animated?: boolean } = {}): Sharp {
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated: options.animated ?? false, failOn: "error" });
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ImageError(error instanceof Error ? error.message : String(error));
  }
}

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
  /** frames (1 for a still image) */
  pages: number;
}

export function imageInfo(data: Buffer): Promise<ImageInfo> {
  return run(async () => {
    const meta = await open(data).metadata();
    if (!meta.format || !meta.width || !meta.height) throw new Error("not an image");
    return { format: meta.format, width: meta.width, height: meta.height, pages: meta.pages ?? 1 };
  });
}

/** A square PNG of `size` px, cropped to the centre (Zulip's resize_avatar; realm icons too). */
export function squarePng(data: Buffer, size: number): Promise<Buffer> {
  return run(() => open(data).rotate().resize(size, size, { fit: "cover", position: "centre" }).png().toBuffer());
}

/** A PNG within 800×100 px, never enlarged (Zulip's resize_logo). */
export function logoPng(data: Buffer): Promise<Buffer> {
  return run(() => open(data).rotate().resize(8 * DEFAULT_AVATAR_SIZE, DEFAULT_AVATAR_SIZE, { fit: "inside", withoutEnlargement: true }).png().toBuffer());
}

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  png: (image) => image.png(),
  gif: (image) => image.gif(),
  jpeg: (image) => image.jpeg({ quality: 90 }),
  webp: (image) => image.webp(),
  avif: (image) => image.avif(),
};

/**
 * A custom emoji at 64 px in its own format (Zulip's resize_emoji): a still image cropped to a
 * square; an animated one fitted into the square with transparent padding, every frame kept,
 * plus its first frame as a still PNG.
 */
export function resizeEmoji(data: Buffer, format: string): Promise<{ image: Buffer; still?: Buffer }> {
  return run(async () => {
    const encode = ENCODERS[format] ?? ENCODERS.png!;
    const pages = (await open(data).metadata()).pages ?? 1;
    if (pages <= 1) return { image: await encode(open(data).resize(DEFAULT_EMOJI_SIZE, DEFAULT_EMOJI_SIZE, { fit: "cover" })).toBuffer() };
    const still = await open(data).resize(DEFAULT_EMOJI_SIZE, DEFAULT_EMOJI_SIZE, { fit: "cover" }).png().toBuffer();
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const image = await encode(open(data, { animated: true }).resize(DEFAULT_EMOJI_SIZE, DEFAULT_EMOJI_SIZE, { fit: "contain", background: transparent })).toBuffer();
    return { image, still };
  });
}

/** A WebP thumbnail within the format's box, never enlarged; animated formats keep every frame. */
export function thumbnail(data: Buffer, format: ThumbnailFormat): Promise<Buffer> {
  return run(() =>
    open(data, { animated: format.animated })
      .rotate()
      .resize(format.maxWidth, format.maxHeight, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  );
}

/** Beacon's own default organization icon: a speech bubble on a blue square, drawn here. */
export function defaultRealmIcon(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4c7bd9"/><stop offset="1" stop-color="#2f55a4"/></linearGradient></defs>
  <rect width="128" height="128" rx="28" fill="url(#g)"/>
  <path d="M34 38h60a10 10 0 0 1 10 10v28a10 10 0 0 1-10 10H62l-18 14v-14h-10a10 10 0 0 1-10-10V48a10 10 0 0 1 10-10z" fill="#fff"/>
  <circle cx="48" cy="62" r="6" fill="#2f55a4"/><circle cx="64" cy="62" r="6" fill="#2f55a4"/><circle cx="80" cy="62" r="6" fill="#2f55a4"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
