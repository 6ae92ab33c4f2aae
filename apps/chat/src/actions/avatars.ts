// Uploading and deleting one's avatar (Zulip's set_avatar_backend / delete_avatar_backend with
// do_change_avatar_fields): the upload and its 100 and 500 px squares go to disk under names
// of its new version, the user row moves to that version, and everyone who sees the user gets
// realm_user update events (no realm_bot/update for a bot since feature level 474).
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { randomBytes } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { userAvatarPath } from "../lib/avatars.js";
import { imageTypeOfFileName, sniffImage } from "../lib/emoji-images.js";
import { DEFAULT_AVATAR_SIZE, ImageError, MEDIUM_AVATAR_SIZE, squarePng } from "../lib/images.js";
import { isAdmin } from "../lib/roles.js";
import { avatarUrl } from "../present/user.js";
import { setAvatarFields } from "../store/avatars.js";
import { getUser, type User } from "../store/users.js";
import { realmSettingValues } from "../store/settings.js";
import { avatarsFile } from "./realm-emoji.js";
import { activeUserIds, publish } from "./publish.js";

export const badImage = (msg: string) => new ZulipError(msg, { code: "BAD_IMAGE" });

/** avatar_changes_disabled(realm) and not an administrator: AVATAR_CHANGES_DISABLED_ERROR. */
export async function checkAvatarChangesAllowed(deps: ChatDeps, user: User): Promise<void> {
  if (isAdmin(user)) return;
  const settings = await realmSettingValues(deps.db, user.realm_id);
  if (settings.avatar_changes_disabled === true) throw new BadRequestError("Avatar changes are disabled in this organization.");
}

type AvatarVersion = Pick<User, "id" | "realm_id" | "avatar_version">;
/** The upload and its two sizes (Zulip's <hash>.original, <hash>.png and <hash>-medium.png). */
const avatarFiles = (deps: ChatDeps, user: AvatarVersion) => {
  const base = userAvatarPath(user);
  return { original: avatarsFile(deps, `${base}.original`), small: avatarsFile(deps, `${base}.png`), medium: avatarsFile(deps, `${base}-medium.png`) };
};

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString("hex")}.part`;
  await writeFile(partial, data);
  await rename(partial, file);
}

/** The upload at Zulip's two avatar sizes; an image sharp cannot read is BAD_IMAGE. */
export async function resizeAvatar(data: Buffer): Promise<{ original: Buffer; small: Buffer; medium: Buffer }> {
  try {
    return { original: data, small: await squarePng(data, DEFAULT_AVATAR_SIZE), medium: await squarePng(data, MEDIUM_AVATAR_SIZE) };
  } catch (error) {
    if (error instanceof ImageError) throw badImage("Could not decode image; did you upload an image file?");
    throw error;
  }
}

/** upload_avatar_image's checks: a type Zulip accepts (from the file name), bytes that are an image. */
export function checkAvatarImage(file: { fileName: string; data: Buffer }): void {
  if (!imageTypeOfFileName(file.fileName)) throw badImage("Invalid image format");
  if (!sniffImage(file.data)) throw badImage("Could not decode image; did you upload an image file?");
}

/**
 * Stores the image (when uploading) under the user's next version and moves the row there. A
 * concurrent change of the same user makes the conditional update miss: the step is retried on
 * the fresh row, so neither change is lost and versions never repeat.
 */
async function changeAvatar(deps: ChatDeps, start: User, source: "U" | "G", data?: Buffer): Promise<User> {
  const images = data ? await resizeAvatar(data) : undefined;
  const remove = (files: ReturnType<typeof avatarFiles>) => Promise.all(Object.values(files).map((file) => rm(file, { force: true })));
  let user = start;
  for (let attempt = 0; ; attempt++) {
    const next = { ...user, avatar_source: source, avatar_version: user.avatar_version + 1 };
    const files = avatarFiles(deps, next);
    if (images) await Promise.all((["original", "small", "medium"] as const).map((size) => writeAtomically(files[size], images[size])));
    const { value: applied, stamp } = await deps.events.transaction((trx) => setAvatarFields(trx, user.id, user.avatar_version, source));
    if (applied) {
      // The previous upload is no longer shown anywhere (its URL named the old version).
      if (user.avatar_source === "U") await remove(avatarFiles(deps, user));
      await notifyAvatarChange(deps, next, stamp);
      return next;
    }
    if (images) await remove(files);
    const fresh = await getUser(deps.db, user.id);
    if (!fresh || attempt >= 5) throw new Error(`avatar change of user ${user.id} kept racing`);
    user = fresh;
  }
}

/** notify_avatar_url_change */
async function notifyAvatarChange(deps: ChatDeps, user: User, stamp: Awaited<ReturnType<ChatDeps["events"]["transaction"]>>["stamp"]): Promise<void> {
  const realmId = user.realm_id;
  const person = { avatar_source: user.avatar_source, avatar_url: avatarUrl(user, false), avatar_url_medium: avatarUrl(user, false, true), avatar_version: user.avatar_version, user_id: user.id };
  publish(deps, [{ event: { type: "realm_user", op: "update", person }, users: await activeUserIds(deps.db, realmId), stamp, realmId }]);
}

export function doUploadAvatar(deps: ChatDeps, user: User, data: Buffer): Promise<User> {
  return changeAvatar(deps, user, "U", data);
}

/** Back to the realm's default (Gravatar); nothing to do, and no event, when already there. */
export async function doDeleteAvatar(deps: ChatDeps, user: User): Promise<User> {
  if (user.avatar_source !== "U") return user;
  return changeAvatar(deps, user, "G");
}
