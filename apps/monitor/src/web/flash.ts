// Post/redirect/get: a form's handler stores the message the next page shows and answers with
// a redirect, so reloading that page repeats nothing. The message is kept server-side for the
// visitor's session (store/web-flashes.ts), encrypted with AES-256-GCM under a key derived from
// the session token, which the database never holds: a key created a moment ago and carried
// to the next page (the one time it is shown) is unreadable from the table.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { sessionTokenHash } from "../actions/web-accounts.js";
import type { MonitorDeps } from "../deps.js";
import { putFlash, takeFlash } from "../store/web-flashes.js";
import { redirectTo, type WebResponse } from "./respond.js";

export interface Flash {
  kind: "ok" | "error";
  text: string;
  /** Shown once on the next page: keys created by the form (name -> value). */
  secrets?: Record<string, string>;
}

// Long enough for a slow redirect, short enough that an abandoned message does not linger.
const FLASH_MS = 10 * 60 * 1000;

function keyOf(deps: MonitorDeps, token: string): Buffer {
  return createHmac("sha256", deps.secretKey).update(`flash:${token}`).digest();
}

function seal(deps: MonitorDeps, token: string, flash: Flash): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(deps, token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flash), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function open(deps: MonitorDeps, token: string, sealed: string): Flash | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyOf(deps, token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")) as Flash;
  } catch {
    return null;
  }
}

export async function storeFlash(deps: MonitorDeps, token: string, flash: Flash): Promise<void> {
  const now = deps.clock.now().getTime();
  await putFlash(deps.db, { token_hash: sessionTokenHash(token), payload: seal(deps, token, flash), expires: now + FLASH_MS }, now);
}

/** The message stored for this session, taken: a page shows it once. */
export async function loadFlash(deps: MonitorDeps, token: string): Promise<Flash | null> {
  const sealed = await takeFlash(deps.db, sessionTokenHash(token), deps.clock.now().getTime());
  return sealed === undefined ? null : open(deps, token, sealed);
}

/** The answer of a form that changed something: the message for the next page, and a 303 to it. */
export async function redirectWithFlash(deps: MonitorDeps, token: string, location: string, flash: Flash): Promise<WebResponse> {
  await storeFlash(deps, token, flash);
  return redirectTo(location);
}
