// Default channel groups (Zulip's zerver/actions/default_streams.py): named sets of channels
// for new users, managed by administrators. Every change sends all non-guest users the whole
// list in a default_stream_groups event, as Zulip's notify_default_stream_groups.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { nonGuestIds, loadRealmView } from "../events/realm-view.js";
import { defaultStreamIds, type Stream } from "../store/streams.js";
import {
  addGroupStreams,
  defaultStreamGroupById,
  defaultStreamGroupByName,
  defaultStreamGroupsOf,
  deleteDefaultStreamGroup,
  groupStreamIds,
  insertDefaultStreamGroup,
  removeGroupStreams,
  updateDefaultStreamGroup,
  type DefaultStreamGroup,
} from "../store/default-stream-groups.js";
import type { ChatDb } from "../store/schema.js";
import { presentDefaultStreamGroup } from "../present/default-stream-groups.js";
import { publish } from "./publish.js";

const MAX_NAME_LENGTH = 60;

/** The groups as /register's realm_default_stream_groups and the event show them, by name. */
export async function presentDefaultStreamGroups(db: ChatDb, realmId: number): Promise<Record<string, unknown>[]> {
  return (await defaultStreamGroupsOf(db, realmId)).map(presentDefaultStreamGroup);
}

export async function accessDefaultStreamGroup(db: ChatDb, realmId: number, id: number | undefined): Promise<DefaultStreamGroup> {
  const group = id === undefined ? undefined : await defaultStreamGroupById(db, realmId, id);
  if (!group) throw new BadRequestError(`Default channel group with id '${id ?? ""}' does not exist.`);
  return group;
}

function checkGroupName(name: string): void {
  if (name.trim() === "") throw new BadRequestError(`Invalid default channel group name '${name}'`);
  if ([...name].length > MAX_NAME_LENGTH) throw new BadRequestError(`Default channel group name too long (limit: ${MAX_NAME_LENGTH} characters)`);
  if (name.includes("\u0000")) throw new BadRequestError(`Default channel group name '${name}' contains NULL (0x00) characters.`);
}

async function refuseDefaultChannels(db: ChatDb, realmId: number, groupName: string, streams: Stream[]): Promise<void> {
  const defaults = new Set(await defaultStreamIds(db, realmId));
  const stream = streams.find((s) => defaults.has(s.id));
  if (stream) throw new BadRequestError(`'${stream.name}' is a default channel and cannot be added to '${groupName}'`);
}

const alreadyExists = (name: string) => new BadRequestError(`Default channel group '${name}' already exists`);

/** Runs the writes, then tells every non-guest the groups as they are now. */
async function changeGroups(deps: ChatDeps, realmId: number, write: (trx: ChatDb) => Promise<void>): Promise<void> {
  const { stamp } = await deps.events.transaction(write);
  const event = { type: "default_stream_groups", default_stream_groups: await presentDefaultStreamGroups(deps.db, realmId) };
  publish(deps, [{ event, users: nonGuestIds(await loadRealmView(deps.db, realmId)), stamp, realmId }]);
}

export async function checkCreateDefaultStreamGroup(deps: ChatDeps, realmId: number, name: string, description: string, streams: Stream[]): Promise<void> {
  await refuseDefaultChannels(deps.db, realmId, name, streams);
  checkGroupName(name);
  if (await defaultStreamGroupByName(deps.db, realmId, name)) throw alreadyExists(name);
  await changeGroups(deps, realmId, async (trx) => {
    const id = await insertDefaultStreamGroup(trx, { realm_id: realmId, name, description });
    await addGroupStreams(trx, id, [...new Set(streams.map((s) => s.id))]);
  });
}

export async function checkRenameDefaultStreamGroup(deps: ChatDeps, group: DefaultStreamGroup, name: string): Promise<void> {
  if (group.name === name) throw new BadRequestError(`This default channel group is already named '${name}'`);
  if (await defaultStreamGroupByName(deps.db, group.realm_id, name)) throw alreadyExists(name);
  await changeGroups(deps, group.realm_id, (trx) => updateDefaultStreamGroup(trx, group.id, { name }));
}

export async function doChangeDefaultStreamGroupDescription(deps: ChatDeps, group: DefaultStreamGroup, description: string): Promise<void> {
  await changeGroups(deps, group.realm_id, (trx) => updateDefaultStreamGroup(trx, group.id, { description }));
}

export async function checkAddStreamsToDefaultStreamGroup(deps: ChatDeps, group: DefaultStreamGroup, streams: Stream[]): Promise<void> {
  await refuseDefaultChannels(deps.db, group.realm_id, group.name, streams);
  const present = await groupStreamIds(deps.db, group.id);
  const seen = new Set<number>();
  for (const stream of streams) {
    if (present.has(stream.id) || seen.has(stream.id)) throw new BadRequestError(`Channel '${stream.name}' is already present in default channel group '${group.name}'`);
    seen.add(stream.id);
  }
  await changeGroups(deps, group.realm_id, (trx) => addGroupStreams(trx, group.id, [...seen]));
}

export async function checkRemoveStreamsFromDefaultStreamGroup(deps: ChatDeps, group: DefaultStreamGroup, streams: Stream[]): Promise<void> {
  const present = await groupStreamIds(deps.db, group.id);
  const missing = streams.find((s) => !present.has(s.id));
  if (missing) throw new BadRequestError(`Channel '${missing.name}' is not present in default channel group '${group.name}'`);
  await changeGroups(deps, group.realm_id, (trx) => removeGroupStreams(trx, group.id, [...new Set(streams.map((s) => s.id))]));
}

export async function doRemoveDefaultStreamGroup(deps: ChatDeps, group: DefaultStreamGroup): Promise<void> {
  await changeGroups(deps, group.realm_id, (trx) => deleteDefaultStreamGroup(trx, group.id));
}
