// A group delivers through its members, one after another, and fails when any of them did.
import { TransportError, type Transport } from "../alert.js";

/** Stored as the members' uuids, comma-separated. */
export const memberUuids = (value: string): string[] => value.split(",").map((s) => s.trim()).filter(Boolean);

export const groupTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const outcomes = await alert.notifyMembers(memberUuids(alert.channel.value));
    const failed = outcomes.filter((o) => o.error && o.error !== "no-op").length;
    if (failed) throw new TransportError(`${failed} out of ${outcomes.length} notifications failed`);
  },
};
