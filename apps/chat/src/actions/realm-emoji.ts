// Adding and deactivating custom emoji. The image, resized to 64 px, goes to disk under the uploads directory
// (CHAT_UPLOADS_DIR/avatars/<realm>/emoji/images/, served at /user_avatars/); every change
// is told to the realm's active users (notifyRealmEmoji).
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { isAdmin, type HasRole } from "../lib/roles.js";
import { EMOJI_CONTENT_TYPES, readEmojiImage } from "../lib/emoji-images.js";
import { ImageError, resizeEmoji } from "../lib/images.js";
import { emojiPath, presentRealmEmoji, presentRealmEmojiDict, stillEmojiPath } from "../present/realm-emoji.js";
import type { PendingEvent } from "../lib/events.js";
import { activeEmojiByName, deactivateEmoji, insertRealmEmoji, realmEmojiRows, setEmojiFile, type RealmEmoji } from "../store/realm-emoji.js";
import type { ChatDb } from "../store/schema.js";
import { activeUserIds } from "../store/users.js";
import { publish } from "./publish.js";

export const emojiExists = () => new BadRequestError("A custom emoji with this name already exists.");

/** Where a /user_avatars/ path lives on disk. */
export const avatarsFile = (deps: Pick<ChatDeps, "config">, path: string) => join(deps.config.uploadsDir, "avatars", path);

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/**
 * The realm's users hear of a change twice over, each client in the form it asked for
 * (events/client.ts): the whole emoji set (realm_emoji/update), or just the change
 * (realm_emoji/add or update_one, for clients with the individual_emoji_changes capability).
 */
async function notifyRealmEmoji(deps: ChatDeps, trx: ChatDb, realmId: number, change: Record<string, unknown>): Promise<PendingEvent[]> {
  const users = await activeUserIds(trx, realmId);
  const stamp = await deps.events.stamp(trx);
  const whole = { type: "realm_emoji", op: "update", realm_emoji: presentRealmEmojiDict(await realmEmojiRows(trx, realmId)) };
  return [whole, { type: "realm_emoji", ...change }].map((event) => ({ event, users, realmId, stamp }));
}

export interface NewEmoji {
  realmId: number;
  name: string;
  authorId: number;
  contentType: string;
  data: Buffer;
}

/**
 * check_add_realm_emoji: the row, the image on disk, then the event. The file is written inside
 * the transaction, so a failed write leaves no emoji; a name taken meanwhile (the unique index
 * on active names) is reported as Zulip reports it.
 */
export async function checkAddRealmEmoji(deps: ChatDeps, emoji: NewEmoji): Promise<number> {
  const extension = EMOJI_CONTENT_TYPES[emoji.contentType];
  if (!extension) throw new BadRequestError("Invalid image format");
  const image = readEmojiImage(emoji.data);
  if (!image) throw new BadRequestError("Could not decode image; did you upload an image file?");
  // Zulip's resize_emoji: 64 px, in the upload's format; animated ones keep their frames and
  // get a still first frame as PNG.
  let main: Buffer;
  let still: Buffer | undefined;
  try {
    const resized = await resizeEmoji(emoji.data, image.format);
    if (image.animated && !resized.still) {
      // An animation whose frames libvips cannot read (APNG) stays as uploaded, so it still moves.
      main = emoji.data;
      still = image.still && (await resizeEmoji(image.still, "png")).image;
    } else {
      main = resized.image;
      still = resized.still;
    }
  } catch (error) {
    if (error instanceof ImageError) throw new BadRequestError("Could not decode image; did you upload an image file?");
    throw error;
  }
  // Zulip salts a hash of the id; random names are as hard to enumerate and need no secret.
  const fileName = randomBytes(4).toString("hex") + extension;
  const written: string[] = [];
  try {
    const { id, pending } = await deps.db.transaction().execute(async (trx) => {
      if (await activeEmojiByName(trx, emoji.realmId, emoji.name)) throw emojiExists();
      let id: number;
      try {
        id = await insertRealmEmoji(trx, { realm_id: emoji.realmId, name: emoji.name, author_id: emoji.authorId, file_name: null, is_animated: 0, deactivated: 0, date_created: deps.clock.now().getTime() });
      } catch {
        throw emojiExists();
      }
      const mainFile = avatarsFile(deps, emojiPath(emoji.realmId, fileName));
      await writeAtomically(mainFile, main);
      written.push(mainFile);
      if (still) {
        const stillFile = avatarsFile(deps, stillEmojiPath(emoji.realmId, fileName));
        await writeAtomically(stillFile, still);
        written.push(stillFile);
      }
      await setEmojiFile(trx, id, fileName, still !== undefined);
      const added = (await realmEmojiRows(trx, emoji.realmId)).find((row) => row.id === id)!;
      return { id, pending: await notifyRealmEmoji(deps, trx, emoji.realmId, { op: "add", emoji: presentRealmEmoji(added) }) };
    });
    publish(deps, pending);
    return id;
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

/** check_remove_custom_emoji: administrators remove any emoji, others only their own. */
export function checkRemoveRealmEmoji(user: HasRole & { id: number }, emoji: RealmEmoji): void {
  if (isAdmin(user)) return;
  if (emoji.author_id === null || emoji.author_id !== user.id) throw new BadRequestError("Must be an organization administrator or emoji author");
}

/** do_remove_realm_emoji: deactivation only; old messages and reactions keep showing it. */
export async function doRemoveRealmEmoji(deps: ChatDeps, emoji: RealmEmoji): Promise<void> {
  const pending = await deps.db.transaction().execute(async (trx) => {
    await deactivateEmoji(trx, emoji.id);
    return notifyRealmEmoji(deps, trx, emoji.realm_id, { op: "update_one", emoji_id: String(emoji.id), data: { deactivated: true } });
  });
  publish(deps, pending);
}
