// Group: an alert through a group goes to each of its member integrations (alert.alsoNotify:
// queued one outbox row each by the worker, delivered at once for a test notification).
import { TransportError, type Transport } from "../alert.js";

/** The stored value: member UUIDs joined by commas, as upstream. */
export const memberUuids = (value: string): string[] => value.split(",").map((s) => s.trim()).filter((s) => s !== "");

export const groupTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const { total, failed } = await alert.alsoNotify(memberUuids(alert.channel.value));
    if (failed) throw new TransportError(`${failed} out of ${total} notifications failed`);
  },
};
