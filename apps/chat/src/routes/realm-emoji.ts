// GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the emoji images under
// /user_avatars/ (public, as Zulip's local upload backend serves them).
import { readFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { ChatDeps } from "../deps.js";
import { handler, raising, RESOURCE_NOT_FOUND } from "../http/endpoint.js";
import { BadRequestError, insufficientPermission, notAllowedForGuests, ResourceNotFoundError } from "../http/errors.js";
import { sendStoredImage } from "../http/images.js";
import { avatarsFile, checkAddRealmEmoji, checkRemoveRealmEmoji, doRemoveRealmEmoji, emojiExists } from "../actions/realm-emoji.js";
import { inGroupSetting, messageScope } from "../actions/message-context.js";
import { canonicalEmojiName, checkValidEmojiName, isDefaultEmojiName } from "../lib/emoji.js";
import { emojiContentType } from "../lib/emoji-images.js";
import { isAdmin, isGuest } from "../lib/roles.js";
import { presentRealmEmojiDict } from "../present/realm-emoji.js";
import { activeEmojiByName, realmEmojiRows } from "../store/realm-emoji.js";

// The list is public within the realm: guests see it too.
export const listRealmEmoji = handler({}, async ({ deps, realm }) => ({ emoji: presentRealmEmojiDict(await realmEmojiRows(deps.db, realm.id)) }));

// compat: Zulip's URL pattern takes the rest of the path, slashes included, as the name.
export const addRealmEmoji = handler({}, async (ctx) => {
  const { deps, user, realm } = ctx;
  if (isGuest(user)) throw notAllowedForGuests();
  if (user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
  const name = canonicalEmojiName(ctx.path["*"] ?? "");
  checkValidEmojiName(name);
  const scope = await messageScope(deps, realm, user, ctx.state);
  if (!inGroupSetting(scope, user.id, "can_add_custom_emoji_group")) throw insufficientPermission();
  if (await activeEmojiByName(deps.db, realm.id, name)) throw emojiExists();
  const files = ctx.req.uploadedFiles ?? [];
  if (files.length !== 1) throw new BadRequestError("You must upload exactly one file.");
  if (isDefaultEmojiName(name) && !isAdmin(user)) throw new BadRequestError("Only administrators can override default emoji.");
  const [file] = files;
  const limit = deps.config.maxEmojiFileSizeMib;
  if (file.size > limit * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${limit} MiB`);
  await checkAddRealmEmoji(deps, { realmId: realm.id, name, authorId: user.id, contentType: emojiContentType(file.mimeType, file.fileName), data: await file.read() });
  return {};
});

export const removeRealmEmoji = raising([RESOURCE_NOT_FOUND], handler({}, async (ctx) => {
  // compat: deletion takes the name as given (no trimming), as Zulip's delete_emoji does.
  const name = ctx.path["*"] ?? "";
  const emoji = await activeEmojiByName(ctx.deps.db, ctx.realm.id, name);
  if (!emoji) throw new ResourceNotFoundError(`Emoji '${name}' does not exist`);
  checkRemoveRealmEmoji(ctx.user, emoji);
  await doRemoveRealmEmoji(ctx.deps, emoji);
  return {};
}));

/** Stored file names only (emoji, realm icon and logos): no dot segments, nothing outside the avatars directory. */
const SAFE_PATH = /^[0-9]+\/(emoji\/images\/(still\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*|realm\/(icon|logo|night_logo)\.png)$/;

export function registerAvatarFiles(app: FastifyInstance, deps: ChatDeps): void {
  app.get("/user_avatars/*", async (req, reply) => {
    const path = (req.params as Record<string, string>)["*"] ?? "";
    let data: Buffer | undefined;
    if (SAFE_PATH.test(path)) data = await readFile(avatarsFile(deps, path)).catch(() => undefined);
    return sendStoredImage(reply, data);
  });
}
