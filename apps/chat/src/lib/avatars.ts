// Uploaded avatars as Zulip's local upload backend lays them out: the image under
// avatars/<realm id>/<hash>, shown at /user_avatars/<realm id>/<hash>.png (100 px) and
// <hash>-medium.png (500 px). Beacon has no image library, so both names serve the uploaded
// image as it came (checked to be one of the accepted formats); clients scale it as they draw it.
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

/** The stored file of a /user_avatars/ avatar name (either size), or undefined for other names. */
export function avatarFileOf(path: string): string | undefined {
  const match = /^([0-9]+\/[0-9a-f]{40})(-medium)?\.png$/.exec(path);
  return match ? `${match[1]}.original` : undefined;
}

export function uploadedAvatarUrl(user: AvatarOwner, medium: boolean): string {
  return `/user_avatars/${userAvatarPath(user)}${medium ? "-medium" : ""}.png?version=${user.avatar_version}`;
}

export function gravatarUrl(email: string, version: number, medium: boolean): string {
  const hash = createHash("md5").update(email.toLowerCase()).digest("hex");
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? "&s=500" : ""}&version=${version}`;
}

export const isGravatarUrl = (url: unknown): boolean => typeof url === "string" && url.startsWith("https://secure.gravatar.com/avatar/");
