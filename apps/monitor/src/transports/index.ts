// Integration kinds that Beacon can deliver, by the upstream's `kind` names.
import { email } from "./email.js";
import { ntfy } from "./ntfy.js";
import { mattermost, slack } from "./slack.js";
import { TransportError, type Transport } from "./types.js";
import { webhook } from "./webhook.js";
import { zulip } from "./zulip.js";

const TRANSPORTS: Record<string, Transport> = { email, webhook, zulip, slack, mattermost, ntfy };

/** Kinds the API can list but Beacon cannot deliver: each alert records why. */
const unsupported = (kind: string): Transport => ({
  isNoop: () => false,
  notify: async () => {
    throw new TransportError(`${kind} notifications are not supported by this server.`, false);
  },
});

// An integration provisioned by name and kind alone has no configuration yet: it is a
// no-op for every kind, so it neither alerts nor trips a transport's parser.
const guarded = Object.fromEntries(
  Object.entries(TRANSPORTS).map(([kind, transport]) => [
    kind,
    { ...transport, isNoop: (channel, status) => channel.value.trim() === "" || transport.isNoop(channel, status) } satisfies Transport,
  ]),
);

export function transportFor(kind: string): Transport {
  return guarded[kind] ?? unsupported(kind);
}

export const DELIVERABLE_KINDS = Object.keys(TRANSPORTS);
export { TransportError } from "./types.js";
export type { AlertContext, Transport } from "./types.js";
