// Muting a user: their messages are marked read for the muter, now and whenever they send
// again (the send path asks mutersOf), and read receipts hide each from the other.
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import { BadRequestError } from "../http/errors.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { changeFlags } from "../store/message-flags.js";
import { deleteMute, insertMute, mutedUsers, unreadIdsFrom } from "../store/muted-users.js";
import type { ChatDb } from "../store/schema.js";
import type { User } from "../store/users.js";

/** Zulip's get_user_mutes: timestamps in seconds. */
export async function presentMutedUsers(db: ChatDb, userId: number): Promise<{ id: number; timestamp: number }[]> {
  return (await mutedUsers(db, userId)).map((m) => ({ id: m.muted_user_id, timestamp: Math.floor(m.date_muted / 1000) }));
}

export async function doMuteUser(deps: ChatDeps, user: User, muted: User, now: number): Promise<void> {
  const { value, stamp } = await deps.events.transaction(async (trx) => {
    if (!(await insertMute(trx, user.id, muted.id, now))) throw new BadRequestError("User already muted");
    const read = await changeFlags(trx, user.id, await unreadIdsFrom(trx, user.id, muted.id), FLAG_BITS.read, true);
    return { read, mutes: await presentMutedUsers(trx, user.id) };
  });
  const events: { event: Record<string, unknown>; users: number[] }[] = [];
  if (value.read.length) {
    events.push({ event: { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: value.read, all: false }, users: [user.id] });
  }
  events.push({ event: { type: "muted_users", muted_users: value.mutes }, users: [user.id] });
  publish(deps, events, { realmId: user.realm_id, stamp });
}

export async function doUnmuteUser(deps: ChatDeps, user: User, muted: User): Promise<void> {
  const { value: mutes, stamp } = await deps.events.transaction(async (trx) => {
    if (!(await deleteMute(trx, user.id, muted.id))) throw new BadRequestError("User is not muted");
    return presentMutedUsers(trx, user.id);
  });
  publish(deps, [{ event: { type: "muted_users", muted_users: mutes }, users: [user.id] }], { realmId: user.realm_id, stamp });
}
