// What a transport may ask of the database while it delivers: a shared rate limit, a change
// to its own integration's stored value, and (for groups) delivery through other integrations.
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { failureOf, type AlertContext, type MemberOutcome } from "../integrations/alert.js";
import { transportFor } from "../integrations/registry.js";
import { updateChannelRow } from "../store/channel-assignments.js";
import { listChannels } from "../store/channels.js";
import { insertNotifications, recordChannelDelivery } from "../store/outbox.js";
import type { Channel } from "../store/schema.js";
import { takeToken } from "../store/token-buckets.js";

type Services = Pick<AlertContext, "rateLimit" | "updateValue" | "notifyMembers">;

export function alertServices(deps: MonitorDeps, channel: Channel): Services {
  return {
    rateLimit: (key, capacity, refillSeconds) => takeToken(deps.db, deps.dialect, key, capacity, refillSeconds * 1000, deps.clock.now().getTime()),
    async updateValue(value) {
      await updateChannelRow(deps.db, channel.id, { value });
      channel.value = value;
    },
    notifyMembers(uuids) {
      return notifyMembers(deps, this, uuids);
    },
  };
}

/**
 * The upstream's Channel.notify for each member of a group, one after another: a member with
 * nothing to send for this status is skipped; the others deliver at once (a group's own
 * retries repeat them) and each records its outcome on its integration, and, for a real alert,
 * as a notification of its own. Members are the project's integrations named, never groups.
 */
async function notifyMembers(deps: MonitorDeps, alert: AlertContext, uuids: string[]): Promise<MemberOutcome[]> {
  const wanted = new Set(uuids);
  const members = (await listChannels(deps.db, alert.project.id)).filter((c) => wanted.has(c.uuid) && c.kind !== "group");
  const outcomes: MemberOutcome[] = [];
  for (const member of members) {
    const transport = transportFor(member.kind);
    if (transport.isNoop(member, alert.flip.new_status)) {
      outcomes.push({ channel: member.uuid, error: "no-op" });
      continue;
    }
    const notificationUuid = randomUUID();
    const started = deps.clock.now().getTime();
    const start = Date.now();
    let error = "";
    let permanent = false;
    try {
      await transport.notify({ ...alert, channel: member, notificationUuid, ...alertServices(deps, member) });
    } catch (e) {
      const failure = failureOf(e);
      ({ error, permanent } = failure);
      if (failure.unexpected) deps.log.error({ err: e, channel: member.uuid }, "group member delivery failed");
    }
    const now = deps.clock.now().getTime();
    await recordChannelDelivery(deps.db, member.id, { last_error: error, last_notify: started, last_notify_duration: Date.now() - start, disable: permanent });
    // A test notification (the dummy check has no row) leaves no history, as upstream.
    if (alert.check.id) {
      const { flip } = alert;
      await insertNotifications(deps.db, [
        { uuid: notificationUuid, check_id: alert.check.id, channel_id: member.id, flip_id: null, check_status: flip.new_status, old_status: flip.old_status, reason: flip.reason, flip_created: flip.created, created: now, state: error ? "failed" : "sent", attempts: 1, next_attempt: now, claimed_until: null, sent: error ? null : now, error },
      ]);
    }
    outcomes.push({ channel: member.uuid, error });
  }
  return outcomes;
}
