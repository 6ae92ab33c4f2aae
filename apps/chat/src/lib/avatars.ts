// Uploaded avatars as Zulip's local upload backend lays them out: the upload kept as
// avatars/<realm id>/<hash>.original, and shown at /user_avatars/<realm id>/<hash>.png (a
// 100 px square) and <hash>-medium.png (500 px), both resized when it was uploaded.
import { createHash } from "node:crypto";

export interface AvatarOwner {
  id: number;
  realm_id: number;
  avatar_version: number;
}

/**
 * "<realm id>/<40 hex>": a new name for every version, so a URL is never reused and browsers may
 * cache an avatar for good. compat: the image itself is public at that URL, as on Zulip.
 */
export function userAvatarPath(user: AvatarOwner): string {
  const hash = createHash("sha1").update(`beacon-avatar:${user.realm_id}:${user.id}:${user.avatar_version}`).digest("hex");
  return `${user.realm_id}/${hash}`;
}

/**
 * The stored files that can answer a /user_avatars/ avatar name, best first: the resized image,
 * then the upload itself (avatars uploaded before resizing existed have only that).
 */
export function avatarFilesOf(path: string): string[] {
  const match = /^([0-9]+\/[0-9a-f]{40})(-medium)?\.png$/.exec(path);
  return match ? [path, `${match[1]}.original`] : [];
}

export function uploadedAvatarUrl(user: AvatarOwner, medium: boolean): string {
  return `/user_avatars/${userAvatarPath(user)}${medium ? "-medium" : ""}.png?version=${user.avatar_version}`;
}

export function gravatarUrl(email: string, version: number, medium: boolean): string {
  const hash = createHash("md5").update(email.toLowerCase()).digest("hex");
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? "&s=500" : ""}&version=${version}`;
}

export const isGravatarUrl = (url: unknown): boolean => typeof url === "string" && url.startsWith("https://secure.gravatar.com/avatar/");
