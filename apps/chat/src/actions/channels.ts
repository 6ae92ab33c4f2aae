// Creating, updating and archiving channels, and the realm's default channels.
import type { Updateable } from "kysely";
import type { ChatDb, StreamGroupSetting, StreamTable } from "../store/schema.js";
import type { GroupGraph } from "../lib/group-graph.js";
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import { addDefaultStream, defaultStreamIds, insertStream, removeDefaultStream, streamByName, updateStream, type Stream } from "../store/streams.js";
import { ChannelAlreadyExistsError } from "../http/errors.js";
import { lockRealmNames } from "./realm-locks.js";
import { subscriptionRows } from "../store/subscriptions.js";
import { defaultStreamGroupsOf, removeStreamFromAllGroups } from "../store/default-stream-groups.js";
import { channelArchivedEvents, channelUpdateEvents, defaultStreamsEvent, subscribeEvents, type ChannelFieldChanges } from "../events/channel-events.js";
import { loadRealmView } from "../events/realm-view.js";
import { renderDescription } from "../lib/description.js";
import { doStoreGroupSetting } from "./group-settings.js";
import { type GroupSettingValue } from "../present/group-setting.js";
import { subscribeUsers } from "./subscription-writes.js";

export interface NewChannel {
  realmId: number;
  name: string;
  description: string;
  /** the description rendered with the realm's Markdown (renderChannelDescription) */
  renderedDescription?: string;
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

/** The writes of a new channel; returns its id and the subscriptions it started with. */
export async function insertChannel(trx: ChatDb, graph: GroupGraph, input: NewChannel): Promise<{ id: number; added: { userId: number; streamId: number }[] }> {
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
    rendered_description: input.renderedDescription ?? renderDescription(input.description),
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
  const added = input.subscriberIds.length ? await subscribeUsers(trx, input.subscriberIds, [id]) : [];
  return { id, added };
}

export async function doCreateChannel(db: ChatDb, graph: GroupGraph, input: NewChannel): Promise<number> {
  return (await db.transaction().execute((trx) => insertChannel(trx, graph, input))).id;
}

/** POST /channels/create: the channel, and its events (stream/create, subscriptions, default_streams). */
export async function createChannel(deps: ChatDeps, graph: GroupGraph, input: NewChannel): Promise<number> {
  const before = await loadRealmView(deps.db, input.realmId);
  const { value, stamp } = await deps.events.transaction(async (trx) => {
    await lockRealmNames(trx, deps.dialect, input.realmId, "channels");
    // A concurrent request (another process on PostgreSQL) may have made it since the route looked.
    const existing = await streamByName(trx, input.realmId, input.name);
    if (existing) throw new ChannelAlreadyExistsError(existing.name);
    return insertChannel(trx, graph, input);
  });
  const after = await loadRealmView(deps.db, input.realmId);
  const stream = after.streams.get(value.id)!;
  const subs = await subscriptionRows(deps.db, input.subscriberIds, [value.id]);
  const [create, ...rest] = subscribeEvents(before, after, [stream], value.added, subs);
  const defaults = input.isDefault ? [defaultStreamsEvent(after, await defaultStreamIds(deps.db, input.realmId))] : [];
  // Zulip announces the channel, then the default-channel change, then the subscriptions.
  const events = create?.event.type === "stream" ? [create, ...defaults, ...rest] : [...defaults, ...(create ? [create] : []), ...rest];
  publish(deps, events, { realmId: input.realmId, stamp });
  return value.id;
}

export interface ChannelChanges {
  fields: Updateable<StreamTable>;
  groupSettings: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
  isDefault?: boolean;
}

async function updateChannelRows(trx: ChatDb, realmId: number, streamId: number, changes: ChannelChanges, now: number): Promise<void> {
  const fields: Updateable<StreamTable> = { ...changes.fields };
  if (fields.description !== undefined && fields.rendered_description === undefined) fields.rendered_description = renderDescription(fields.description as string);
  for (const [name, value] of Object.entries(changes.groupSettings)) {
    fields[name as StreamGroupSetting] = await doStoreGroupSetting(trx, realmId, value, now);
  }
  if (Object.keys(fields).length) await updateStream(trx, streamId, fields);
  if (changes.isDefault === true) await addDefaultStream(trx, realmId, streamId);
  if (changes.isDefault === false) await removeDefaultStream(trx, realmId, streamId);
}

export async function doUpdateChannel(db: ChatDb, realmId: number, streamId: number, changes: ChannelChanges, now: number): Promise<void> {
  await db.transaction().execute((trx) => updateChannelRows(trx, realmId, streamId, changes, now));
}

/** PATCH /streams/{id}: the changes, and a stream/update per changed property (channel-events.ts). */
export async function updateChannel(deps: ChatDeps, realmId: number, stream: Stream, changes: ChannelChanges, now: number): Promise<void> {
  const before = await loadRealmView(deps.db, realmId);
  const defaultsBefore = await defaultStreamIds(deps.db, realmId);
  const { stamp } = await deps.events.transaction(async (trx) => {
    if (typeof changes.fields.name === "string") {
      await lockRealmNames(trx, deps.dialect, realmId, "channels");
      const taken = await streamByName(trx, realmId, changes.fields.name);
      if (taken && taken.id !== stream.id) throw new ChannelAlreadyExistsError(taken.name);
    }
    await updateChannelRows(trx, realmId, stream.id, changes, now);
  });
  const after = await loadRealmView(deps.db, realmId);
  const defaultsAfter = await defaultStreamIds(deps.db, realmId);
  publish(deps, channelUpdateEvents(before, after, stream, changes as ChannelFieldChanges, { before: defaultsBefore, after: defaultsAfter }), { realmId, stamp });
}

async function archiveChannelRows(trx: ChatDb, realmId: number, streamId: number): Promise<void> {
  await updateStream(trx, streamId, { deactivated: 1 });
  await removeDefaultStream(trx, realmId, streamId);
  await removeStreamFromAllGroups(trx, streamId);
}

/** Archiving keeps the channel and its subscriptions, but it stops being a default channel or in a default channel group. */
export async function doArchiveChannel(db: ChatDb, realmId: number, streamId: number): Promise<void> {
  await db.transaction().execute((trx) => archiveChannelRows(trx, realmId, streamId));
}

export async function archiveChannel(deps: ChatDeps, realmId: number, stream: Stream): Promise<void> {
  const before = await loadRealmView(deps.db, realmId);
  const wasDefault = (await defaultStreamIds(deps.db, realmId)).includes(stream.id);
  const groupsBefore = await defaultStreamGroupsOf(deps.db, realmId);
  const { stamp } = await deps.events.transaction((trx) => archiveChannelRows(trx, realmId, stream.id));
  const defaults = { wasDefault, defaultIds: await defaultStreamIds(deps.db, realmId), groupsBefore };
  publish(deps, channelArchivedEvents(before, stream, defaults), { realmId, stamp });
}

/** POST/DELETE /default_streams: default_streams to every non-guest when the list changed. */
export async function setDefaultChannel(deps: ChatDeps, realmId: number, streamId: number, isDefault: boolean): Promise<void> {
  const beforeIds = await defaultStreamIds(deps.db, realmId);
  const { stamp } = await deps.events.transaction((trx) => (isDefault ? addDefaultStream(trx, realmId, streamId) : removeDefaultStream(trx, realmId, streamId)));
  const afterIds = await defaultStreamIds(deps.db, realmId);
  if (afterIds.join() === beforeIds.join()) return;
  publish(deps, [defaultStreamsEvent(await loadRealmView(deps.db, realmId), afterIds)], { realmId, stamp });
}
