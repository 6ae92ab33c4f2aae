// A bot's `services` (GET /bots, realm_bots): an outgoing webhook bot's URL, interface and token.
import type { BotService } from "../store/outgoing-webhooks.js";

export function presentServices(service: BotService | undefined): Record<string, unknown>[] {
  return service ? [{ base_url: service.base_url, interface: service.interface, token: service.token }] : [];
}
