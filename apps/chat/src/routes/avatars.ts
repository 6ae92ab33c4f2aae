// POST and DELETE /users/me/avatar, and the avatar images at /user_avatars/<realm>/<hash>.png
// (and -medium.png), public as Zulip's local upload backend serves them.
import { readFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { ChatDeps } from "../deps.js";
import { handler, raising } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { sendStoredImage } from "../http/images.js";
import { avatarFilesOf } from "../lib/avatars.js";
import { MAX_AVATAR_FILE_SIZE_MIB } from "../lib/uploads.js";
import { avatarUrl } from "../present/user.js";
import { checkAvatarChangesAllowed, checkAvatarImage, doDeleteAvatar, doUploadAvatar } from "../actions/avatars.js";
import { avatarsFile } from "../actions/realm-emoji.js";

// The image comes as an uploaded file (Django's request.FILES), whatever its field's name.
export const uploadAvatar = raising(["BAD_IMAGE"], handler({}, async ({ deps, req, params, user }) => {
  const files = req.uploadedFiles ?? [];
  if (files.length !== 1) throw new BadRequestError("You must upload exactly one avatar.");
  await checkAvatarChangesAllowed(deps, user);
  const [file] = files;
  params.accept(file!.fieldName);
  if (file!.size > MAX_AVATAR_FILE_SIZE_MIB * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${MAX_AVATAR_FILE_SIZE_MIB} MiB`);
  const data = await file!.read();
  checkAvatarImage({ fileName: file!.fileName, data });
  const changed = await doUploadAvatar(deps, user, data);
  return { avatar_url: avatarUrl(changed, false) };
}));

export const deleteAvatar = handler({}, async ({ deps, user }) => {
  await checkAvatarChangesAllowed(deps, user);
  const changed = await doDeleteAvatar(deps, user);
  return { avatar_url: avatarUrl(changed, false) };
});

export function registerAvatarImages(app: FastifyInstance, deps: ChatDeps): void {
  app.get("/user_avatars/:realm_id/:file_name", async (req, reply) => {
    const { realm_id, file_name } = req.params as Record<string, string>;
    let data: Buffer | undefined;
    for (const stored of avatarFilesOf(`${realm_id}/${file_name}`)) {
      data = await readFile(avatarsFile(deps, stored)).catch(() => undefined);
      if (data) break;
    }
    return sendStoredImage(reply, data);
  });
}
