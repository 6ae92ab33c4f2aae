// The URL table, read top to bottom. Every path is under /api/v1.
import type { Api } from "../http/endpoint.js";
import * as auth from "./auth.js";
import * as bots from "./bots.js";
import * as channels from "./channels.js";
import * as messages from "./messages.js";
import * as registerState from "./register.js";
import * as reminders from "./scheduled-reminders.js";
import * as scheduledMessages from "./scheduled-messages.js";
import * as serverSettings from "./server-settings.js";
import * as subscriptions from "./subscriptions.js";
import * as userGroups from "./user-groups.js";
import * as users from "./users.js";

export function registerRoutes(api: Api): void {
  serverSettings.register(api);
  auth.register(api);
  users.register(api);
  bots.register(api);
  channels.register(api);
  subscriptions.register(api);
  userGroups.register(api);
  messages.register(api);
  scheduledMessages.register(api);
  reminders.register(api);
  registerState.register(api);
}
