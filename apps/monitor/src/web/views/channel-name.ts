// How the dashboard names an integration: its name, or else what it points at (an e-mail
// integration's address, a webhook's URL…), or else its kind.
import { kindTitle, summaryOf } from "../../integrations/registry.js";
import type { Channel } from "../../store/schema.js";

export function channelName(channel: Channel): string {
  return channel.name || summaryOf(channel) || kindTitle(channel.kind);
}
