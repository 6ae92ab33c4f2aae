// A minimal POSIX ustar writer (regular files only) and its gzip, for realm export tarballs:
// every entry is a 512-byte header followed by the data padded to 512 bytes, and the archive
// ends with two zero blocks. Names longer than 100 bytes use the ustar prefix field.
import { promisify } from "node:util";
import { gzip } from "node:zlib";

export interface TarEntry {
  name: string;
  data: Buffer;
  /** seconds since the epoch */
  mtime: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  const cut = name.lastIndexOf("/", 155);
  const prefix = name.slice(0, cut);
  const base = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`tar entry name too long: ${name}`);
  return { prefix, base };
}

function header(entry: TarEntry): Buffer {
  const block = Buffer.alloc(512);
  const { prefix, base } = splitName(entry.name);
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "latin1");
  block.write(octal(0, 8), 108, "latin1");
  block.write(octal(0, 8), 116, "latin1");
  block.write(octal(entry.data.length, 12), 124, "latin1");
  block.write(octal(Math.max(0, Math.floor(entry.mtime)), 12), 136, "latin1");
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block.write("0", 156, "latin1");
  block.write("ustar\0", 257, "latin1");
  block.write("00", 263, "latin1");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
  return block;
}

export function tarArchive(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.data);
    const pad = (512 - (entry.data.length % 512)) % 512;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** Compressed off the event loop (zlib's thread pool): exports may be large. */
export const tarGz = (entries: TarEntry[]): Promise<Buffer> => promisify(gzip)(tarArchive(entries));
