// What a transport may ask of the database while it delivers: a shared rate limit, and a
// change to its own integration's stored value.
import type { MonitorDeps } from "../deps.js";
import type { AlertContext } from "../integrations/alert.js";
import { updateChannelRow } from "../store/channelAssignments.js";
import type { Channel } from "../store/schema.js";
import { takeToken } from "../store/tokenBuckets.js";

export function alertServices(deps: MonitorDeps, channel: Channel): Pick<AlertContext, "rateLimit" | "updateValue"> {
  return {
    rateLimit: (key, capacity, refillSeconds) => takeToken(deps.db, deps.dialect, key, capacity, refillSeconds * 1000, deps.clock.now().getTime()),
    async updateValue(value) {
      await updateChannelRow(deps.db, channel.id, { value });
      channel.value = value;
    },
  };
}
