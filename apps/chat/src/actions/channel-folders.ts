// Channel folders: create, rename, describe, archive, reorder; each announced to the whole
// organization as a channel_folder event once its transaction has committed.
import type { Updateable } from "kysely";
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { renderDescription } from "../lib/description.js";
import { presentChannelFolder } from "../present/channel-folders.js";
import type { ChannelFolderTable, ChatDb } from "../store/schema.js";
import {
  channelFolderById,
  channelFolderNameTaken,
  channelFoldersInRealm,
  countChannelFolders,
  folderHasActiveChannels,
  insertChannelFolder,
  updateChannelFolder,
  type ChannelFolder,
} from "../store/channel-folders.js";
import { activeUserIds, publish } from "./publish.js";
import { lockRealmNames } from "./realm-locks.js";

export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

/** Zulip's get_channel_folder_by_id: one message for a missing folder and another realm's. */
export async function accessChannelFolder(db: ChatDb, realmId: number, id: number | undefined): Promise<ChannelFolder> {
  const folder = id === undefined ? undefined : await channelFolderById(db, realmId, id);
  if (!folder) throw new BadRequestError("Invalid channel folder ID");
  return folder;
}

/** Zulip's check_channel_folder_name, on an already stripped name. */
async function checkChannelFolderName(db: ChatDb, realmId: number, name: string): Promise<void> {
  if (name === "") throw new BadRequestError("Channel folder name can't be empty.");
  const position = [...name].findIndex((c) => /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/.test(c));
  if (position >= 0) throw new BadRequestError(`Invalid character in channel folder name, at position ${position + 1}.`);
  if (await channelFolderNameTaken(db, realmId, name)) throw new BadRequestError("Channel folder name already in use");
}

const everyone = async (deps: ChatDeps, realmId: number) => activeUserIds(deps.db, realmId);

export async function checkAddChannelFolder(deps: ChatDeps, realmId: number, input: { name: string; description: string; creatorId: number; now: number }): Promise<number> {
  const name = input.name.trim();
  await checkChannelFolderName(deps.db, realmId, name);
  const { value: folder, stamp } = await deps.events.transaction(async (trx) => {
    // Under the realm's lock the name is looked at again and the order counted without a twin.
    await lockRealmNames(trx, deps.dialect, realmId, "channel-folders");
    await checkChannelFolderName(trx, realmId, name);
    const id = await insertChannelFolder(trx, {
      realm_id: realmId,
      name,
      description: input.description,
      rendered_description: renderDescription(input.description),
      order: await countChannelFolders(trx, realmId),
      date_created: input.now,
      creator_id: input.creatorId,
      is_archived: 0,
    });
    return (await channelFolderById(trx, realmId, id))!;
  });
  publish(deps, [{ event: { type: "channel_folder", op: "add", channel_folder: presentChannelFolder(folder) }, users: await everyone(deps, realmId) }], { realmId, stamp });
  return folder.id;
}

export interface ChannelFolderChanges {
  name?: string;
  description?: string;
  isArchived?: boolean;
}

/** PATCH /channel_folders/{id}: each changed property is its own update event, in Zulip's order. */
export async function checkUpdateChannelFolder(deps: ChatDeps, folder: ChannelFolder, changes: ChannelFolderChanges): Promise<void> {
  const fields: Updateable<ChannelFolderTable> = {};
  const data: Record<string, unknown>[] = [];
  if (changes.name !== undefined && changes.name !== folder.name) {
    const name = changes.name.trim();
    await checkChannelFolderName(deps.db, folder.realm_id, name);
    fields.name = name;
    data.push({ name });
  }
  if (changes.description !== undefined && changes.description !== folder.description) {
    fields.description = changes.description;
    fields.rendered_description = renderDescription(changes.description);
    data.push({ description: fields.description, rendered_description: fields.rendered_description });
  }
  if (changes.isArchived !== undefined && changes.isArchived !== Boolean(folder.is_archived)) {
    if (changes.isArchived && (await folderHasActiveChannels(deps.db, folder.id))) {
      throw new BadRequestError("You need to remove all the channels from this folder to archive it.");
    }
    fields.is_archived = changes.isArchived ? 1 : 0;
    data.push({ is_archived: changes.isArchived });
  }
  if (data.length === 0) return;
  const { stamp } = await deps.events.transaction(async (trx) => {
    if (fields.name !== undefined) {
      await lockRealmNames(trx, deps.dialect, folder.realm_id, "channel-folders");
      await checkChannelFolderName(trx, folder.realm_id, fields.name as string);
    }
    await updateChannelFolder(trx, folder.id, fields);
  });
  const users = await everyone(deps, folder.realm_id);
  publish(deps, data.map((d) => ({ event: { type: "channel_folder", op: "update", channel_folder_id: folder.id, data: d }, users })), { realmId: folder.realm_id, stamp });
}

/** PATCH /channel_folders: `order` must name every folder of the realm, archived ones too, once. */
export async function checkReorderChannelFolders(deps: ChatDeps, realmId: number, order: number[]): Promise<void> {
  const folders = await channelFoldersInRealm(deps.db, realmId, { includeArchived: true });
  const known = new Set(folders.map((f) => f.id));
  const given = new Set(order);
  if (given.size !== order.length || given.size !== known.size || order.some((id) => !known.has(id))) throw new BadRequestError("Invalid order mapping");
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const [position, id] of order.entries()) await updateChannelFolder(trx, id, { order: position });
  });
  publish(deps, [{ event: { type: "channel_folder", op: "reorder", order }, users: await everyone(deps, realmId) }], { realmId, stamp });
}
