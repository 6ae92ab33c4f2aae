// Comparing a secret a client sent with the one expected, in time that depends on neither:
// both are first reduced to digests of one length (so not even the length leaks), then
// compared with timingSafeEqual. A plain === stops at the first differing character, which
// lets a patient client learn a secret one character at a time.
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function sameSecret(given: string | null | undefined, expected: string): boolean {
  return typeof given === "string" && timingSafeEqual(digest(given), digest(expected));
}
