// ChannelFolder objects, as in GET /channel_folders, /register and channel_folder/add events.
import type { ChannelFolder } from "../store/channel-folders.js";
import { unixSeconds } from "./time.js";

export function presentChannelFolder(folder: ChannelFolder): Record<string, unknown> {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: folder.rendered_description,
    order: folder.order,
    date_created: unixSeconds(Number(folder.date_created)),
    creator_id: folder.creator_id,
    is_archived: Boolean(folder.is_archived),
  };
}
