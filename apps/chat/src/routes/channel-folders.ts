// Channel folders: POST /channel_folders/create, GET and PATCH /channel_folders (the list, and
// its order), PATCH /channel_folders/{id}. Changing them is for administrators; anyone may list.
import { guarded, handler } from "../http/endpoint.js";
import { optional, required, withDefault } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool, int, list } from "../http/validators.js";
import {
  accessChannelFolder,
  checkAddChannelFolder,
  checkReorderChannelFolders,
  checkUpdateChannelFolder,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
} from "../actions/channel-folders.js";
import { presentChannelFolder } from "../present/channel-folders.js";
import { channelFoldersInRealm } from "../store/channel-folders.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

const name = raw({ maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH });
const description = raw({ maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH });

export const createChannelFolder = guarded(
  requireAdmin,
  handler(
    // Zulip's API documentation requires only the name; a folder created without a description has an empty one.
    { name: required("name", name), description: withDefault("description", description, "") },
    async ({ deps, user, realm }, args) => {
      const id = await checkAddChannelFolder(deps, realm.id, { name: args.name, description: args.description, creatorId: user.id, now: deps.clock.now().getTime() });
      return { channel_folder_id: id };
    },
  ),
);

export const listChannelFolders = handler({ includeArchived: withDefault("include_archived", json(bool), false) }, async ({ deps, realm }, { includeArchived }) => ({
  channel_folders: (await channelFoldersInRealm(deps.db, realm.id, { includeArchived })).map(presentChannelFolder),
}));

export const reorderChannelFolders = guarded(
  requireAdmin,
  handler({ order: required("order", json(list(int()))) }, async ({ deps, realm }, { order }) => {
    await checkReorderChannelFolders(deps, realm.id, order);
    return {};
  }),
);

export const updateChannelFolder = guarded(
  requireAdmin,
  handler(
    { description: optional("description", description), isArchived: optional("is_archived", json(bool)), name: optional("name", name) },
    async ({ deps, path, realm }, changes) => {
      const folder = await accessChannelFolder(deps.db, realm.id, pathId(path.channel_folder_id));
      await checkUpdateChannelFolder(deps, folder, changes);
      return {};
    },
  ),
);
