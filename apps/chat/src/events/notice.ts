// What travels from an action to the queues (in-process, or over the bus between processes):
// one event in Zulip's send_event(realm, event, users) shape, plus the commit stamp of the
// write that caused it.
import type { CommitStamp } from "./stamp.js";

export type EventUser = number | { id: number; flags: string[] };

export interface Notice {
  realmId: number;
  event: Record<string, unknown>;
  users: EventUser[];
  stamp?: CommitStamp;
}

/** Keys some events carry for routing between client kinds; never sent to clients. */
export const INTERNAL_KEYS = ["for_archiving", "for_unarchiving", "for_reactivation"] as const;

export const userIdOf = (user: EventUser): number => (typeof user === "number" ? user : user.id);
