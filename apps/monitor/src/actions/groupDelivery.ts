// A group integration delivers through other integrations of its project (the upstream's
// Channel.group_channels). Groups among the members are left out, so a group never reaches
// itself. Through the worker each member gets an outbox row of its own (its own attempts,
// last_error and disabling, as each member gets its own Notification upstream); a test
// notification delivers to the members at once.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { listChannels } from "../store/channels.js";
import { insertNotifications } from "../store/outbox.js";
import type { Channel, Notification, Project } from "../store/schema.js";
import type { AlertContext, MemberOutcome } from "../integrations/alert.js";
import { transportFor } from "../integrations/registry.js";

/** The project's integrations named by `uuids`, groups left out; UUIDs of other projects match nothing. */
export async function groupMembers(deps: MonitorDeps, project: Project, uuids: string[]): Promise<Channel[]> {
  const wanted = new Set(uuids);
  return (await listChannels(deps.db, project.id)).filter((c) => wanted.has(c.uuid) && c.kind !== "group");
}

/** The worker's way: one pending outbox row per enabled member with something to send. */
export async function queueForMembers(deps: MonitorDeps, n: Notification, members: Channel[]): Promise<MemberOutcome> {
  const now = deps.clock.now().getTime();
  const rows: Omit<Notification, "id">[] = members
    .filter((c) => !c.disabled && !transportFor(c.kind).isNoop(c, n.check_status))
    .map((c) => ({
      uuid: randomUUID(),
      check_id: n.check_id,
      channel_id: c.id,
      flip_id: n.flip_id,
      check_status: n.check_status,
      old_status: n.old_status,
      reason: n.reason,
      flip_created: n.flip_created,
      created: now,
      state: "pending",
      attempts: 0,
      next_attempt: now,
      claimed_until: null,
      sent: null,
      error: "",
    }));
  await insertNotifications(deps.db, rows);
  return { total: members.length, failed: 0 };
}

/** The test button's way: each enabled member's transport at once, with the member as the channel. */
export async function deliverToMembers(status: string, members: Channel[], contextFor: (channel: Channel) => AlertContext): Promise<MemberOutcome> {
  let failed = 0;
  for (const member of members) {
    const transport = transportFor(member.kind);
    if (member.disabled || transport.isNoop(member, status)) continue;
    try {
      await transport.notify(contextFor(member));
    } catch {
      failed++;
    }
  }
  return { total: members.length, failed };
}
