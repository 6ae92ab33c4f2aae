// Creating, updating and archiving channels, and the realm's default channels.
import type { Updateable } from "kysely";
import type { ChatDb, StreamGroupSetting, StreamTable } from "../store/schema.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { addDefaultStream, insertStream, removeDefaultStream, updateStream } from "../store/streams.js";
import { renderDescription } from "../lib/description.js";
import { doStoreGroupSetting, type GroupSettingValue } from "./group-settings.js";
import { subscribeUsers } from "./subscriptions.js";

export interface NewChannel {
  realmId: number;
  name: string;
  description: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers?: boolean;
  messageRetentionDays: number | null;
  topicsPolicy: string;
  folderId: number | null;
  creatorId: number | null;
  groupSettings: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
  isDefault: boolean;
  subscriberIds: number[];
  now: number;
}

/** Defaults a new channel's permission settings start from (the creator administers it). */
function defaultGroupSettings(graph: GroupGraph, creatorId: number | null): Record<StreamGroupSetting, GroupSettingValue> {
  const nobody = graph.system("role:nobody").id;
  return {
    can_add_subscribers_group: nobody,
    can_administer_channel_group: creatorId === null ? nobody : { direct_members: [creatorId], direct_subgroups: [] },
    can_create_topic_group: graph.system("role:everyone").id,
    can_delete_any_message_group: nobody,
    can_delete_own_message_group: nobody,
    can_move_messages_out_of_channel_group: nobody,
    can_move_messages_within_channel_group: nobody,
    can_remove_subscribers_group: graph.system("role:administrators").id,
    can_resolve_topics_group: nobody,
    can_send_message_group: graph.system("role:everyone").id,
    can_subscribe_group: nobody,
  };
}

export async function doCreateChannel(db: ChatDb, graph: GroupGraph, input: NewChannel): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const settings = { ...defaultGroupSettings(graph, input.creatorId), ...input.groupSettings };
    const stored = {} as Record<StreamGroupSetting, number>;
    for (const [name, value] of Object.entries(settings)) stored[name as StreamGroupSetting] = await doStoreGroupSetting(trx, input.realmId, value, input.now);
    // Public channels always share history; private ones only when asked.
    const historyPublic = !input.inviteOnly || input.isWebPublic ? true : (input.historyPublicToSubscribers ?? false);
    const id = await insertStream(trx, {
      realm_id: input.realmId,
      name: input.name,
      name_key: input.name.toLowerCase(),
      description: input.description,
      rendered_description: renderDescription(input.description),
      invite_only: input.inviteOnly ? 1 : 0,
      is_web_public: input.isWebPublic ? 1 : 0,
      history_public_to_subscribers: historyPublic ? 1 : 0,
      message_retention_days: input.messageRetentionDays,
      date_created: input.now,
      creator_id: input.creatorId,
      deactivated: 0,
      topics_policy: input.topicsPolicy,
      folder_id: input.folderId,
      first_message_id: null,
      ...stored,
    });
    if (input.isDefault) await addDefaultStream(trx, input.realmId, id);
    if (input.subscriberIds.length) await subscribeUsers(trx, input.subscriberIds, [id]);
    return id;
  });
}

export interface ChannelChanges {
  fields: Updateable<StreamTable>;
  groupSettings: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
  isDefault?: boolean;
}

export async function doUpdateChannel(db: ChatDb, realmId: number, streamId: number, changes: ChannelChanges, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields: Updateable<StreamTable> = { ...changes.fields };
    if (fields.description !== undefined) fields.rendered_description = renderDescription(fields.description as string);
    for (const [name, value] of Object.entries(changes.groupSettings)) {
      fields[name as StreamGroupSetting] = await doStoreGroupSetting(trx, realmId, value, now);
    }
    if (Object.keys(fields).length) await updateStream(trx, streamId, fields);
    if (changes.isDefault === true) await addDefaultStream(trx, realmId, streamId);
    if (changes.isDefault === false) await removeDefaultStream(trx, realmId, streamId);
  });
}

/** Archiving keeps the channel and its subscriptions, but it stops being a default channel. */
export async function doArchiveChannel(db: ChatDb, realmId: number, streamId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateStream(trx, streamId, { deactivated: 1 });
    await removeDefaultStream(trx, realmId, streamId);
  });
}
