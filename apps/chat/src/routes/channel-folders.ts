// Channel folders: POST /channel_folders/create, GET and PATCH /channel_folders (the list, and
// its order), PATCH /channel_folders/{id}. Changing them is for administrators; anyone may list.
import type { Api } from "../http/endpoint.js";
import { mustBeAdmin } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list } from "../http/validators.js";
import { isAdmin } from "../lib/roles.js";
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

export function register(api: Api): void {
  const { deps } = api;
  const name = raw({ maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH });
  const description = raw({ maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH });

  api.user("POST", "/channel_folders/create", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    // compat: the spec lists only name as required, but Zulip's view has no default for description.
    const folderName = params.required("name", name);
    const folderDescription = params.required("description", description);
    const id = await checkAddChannelFolder(deps, realm.id, { name: folderName, description: folderDescription, creatorId: user.id, now: deps.clock.now().getTime() });
    return { channel_folder_id: id };
  });

  api.user("GET", "/channel_folders", async ({ params, realm }) => {
    const includeArchived = params.withDefault("include_archived", json(bool), false);
    return { channel_folders: (await channelFoldersInRealm(deps.db, realm.id, { includeArchived })).map(presentChannelFolder) };
  });

  api.user("PATCH", "/channel_folders", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const order = params.required("order", json(list(int())));
    await checkReorderChannelFolders(deps, realm.id, order);
    return {};
  });

  api.user("PATCH", "/channel_folders/:channel_folder_id", async ({ params, path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const changes = {
      description: params.optional("description", description),
      isArchived: params.optional("is_archived", json(bool)),
      name: params.optional("name", name),
    };
    const folder = await accessChannelFolder(deps.db, realm.id, pathId(path.channel_folder_id));
    await checkUpdateChannelFolder(deps, folder, changes);
    return {};
  });
}
