// The URL table, read top to bottom. Every path is under /api/v1.
import type { Api } from "../http/endpoint.js";
import * as alertWords from "./alert-words.js";
import * as auth from "./auth.js";
import * as bots from "./bots.js";
import * as channels from "./channels.js";
import * as events from "./events.js";
import * as messages from "./messages.js";
import * as matchesNarrow from "./matches-narrow.js";
import * as reportMessage from "./report-message.js";
import * as navigationViews from "./navigation-views.js";
import * as playgrounds from "./playgrounds.js";
import * as presence from "./presence.js";
import * as realmDomains from "./realm-domains.js";
import * as customProfileFields from "./custom-profile-fields.js";
import * as profileData from "./profile-data.js";
import * as invites from "./invites.js";
import * as realmSettings from "./realm-settings.js";
import * as registerState from "./register.js";
import * as reminders from "./scheduled-reminders.js";
import * as scheduledMessages from "./scheduled-messages.js";
import * as serverSettings from "./server-settings.js";
import * as settings from "./settings.js";
import * as subscriptions from "./subscriptions.js";
import * as typing from "./typing.js";
import * as userGroups from "./user-groups.js";
import * as signup from "./signup.js";
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
  matchesNarrow.register(api);
  reportMessage.register(api);
  scheduledMessages.register(api);
  reminders.register(api);
  registerState.register(api);
  events.register(api);
  typing.register(api);
  presence.register(api);
  // Organization-level endpoints (issue 8).
  alertWords.register(api);
  navigationViews.register(api);
  playgrounds.register(api);
  realmDomains.register(api);
  customProfileFields.register(api);
  profileData.register(api);
  invites.register(api);
  signup.register(api);
  realmSettings.register(api);
  settings.register(api);
}
