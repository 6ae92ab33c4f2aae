// Request bodies in every encoding a client might use, well-formed or not.
import fc from "fast-check";
import { hostileString, headerText } from "./values.js";

export type Fields = [string, string][];

export interface EncodedBody {
  contentType: string | null;
  payload: Buffer | undefined;
}

/** A file name as a multipart part may declare it. */
export const hostileFileName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("a.txt", "", ".", "..", "../../x", "a/b\\c.png", "x".repeat(256), "é".repeat(200) + ".png", "a\u0000b.png", 'q"uote.txt', "semi;colon.txt", "%00.txt", " ", "💥.gif"),
  hostileString,
);

function urlencoded(fields: Fields): Buffer {
  return Buffer.from(new URLSearchParams(fields).toString());
}

function multipart(fields: Fields, boundary: string, file: { name: string; type: string; data: Buffer } | null): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const BOUNDARY = "fuzzboundary7MA4YWxkTrZu0gW";

const file = fc.record({
  name: hostileFileName,
  type: fc.constantFrom("text/plain", "image/png", "application/octet-stream", "", "../x", "image/svg+xml"),
  data: fc.oneof(fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)), fc.constant(Buffer.from("\x89PNG\r\n\x1a\n"))),
});

/** A JSON object of the fields, each value decoded as JSON where it is JSON (`"[1]"` becomes `[1]`). */
function jsonObject(fields: Fields): string {
  const typed = (value: string): unknown => {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  };
  return JSON.stringify(Object.fromEntries(fields.map(([k, v]) => [k, typed(v)])));
}

/**
 * The fields, encoded one way or another, with a content type that may or may not match.
 * `prefer: "json"` makes JSON bodies the common case, for APIs that read JSON.
 */
export function encodedBody(fields: Fields, prefer: "form" | "json" = "form"): fc.Arbitrary<EncodedBody> {
  const body = (contentType: string | null, payload: Buffer | undefined): EncodedBody => ({ contentType, payload });
  return fc.oneof(
    { weight: prefer === "json" ? 30 : 0, arbitrary: fc.constantFrom("application/json", "text/plain", "").map((ct) => body(ct, Buffer.from(jsonObject(fields)))) },
    { weight: 6, arbitrary: fc.constant(body("application/x-www-form-urlencoded", urlencoded(fields))) },
    { weight: 2, arbitrary: fc.option(file, { nil: null }).map((f) => body(`multipart/form-data; boundary=${BOUNDARY}`, multipart(fields, BOUNDARY, f))) },
    { weight: 1, arbitrary: fc.option(file, { nil: null }).map((f) => body("multipart/form-data", multipart(fields, BOUNDARY, f))) },
    { weight: 1, arbitrary: fc.constant(body(`multipart/form-data; boundary=${BOUNDARY}`, multipart(fields, BOUNDARY, null).subarray(0, 20))) },
    { weight: 1, arbitrary: fc.constantFrom("multipart/form-data; boundary=", "multipart/form-data; boundary=other", "multipart/mixed", "multipart/form-data; boundary=\"").map((ct) => body(ct, multipart(fields, BOUNDARY, null))) },
    { weight: 2, arbitrary: fc.constant(body("application/json", Buffer.from(JSON.stringify(Object.fromEntries(fields))))) },
    { weight: 1, arbitrary: fc.constantFrom("{", "[]", "null", "\"x\"", "{\"a\":1e999}", "\u0000", "").map((text) => body("application/json", Buffer.from(text))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).chain((bytes) => headerText.map((ct) => body(ct, Buffer.from(bytes)))) },
    { weight: 1, arbitrary: fc.constant(body("application/x-www-form-urlencoded; charset=utf-16", urlencoded(fields))) },
    { weight: 1, arbitrary: fc.constantFrom("%", "a=%zz", "=&=&", "a=%FF%FE", "a", "&&&", "a=1&a=2&a=%00").map((text) => body("application/x-www-form-urlencoded", Buffer.from(text))) },
    { weight: 1, arbitrary: fc.constant(body(null, undefined)) },
  );
}
