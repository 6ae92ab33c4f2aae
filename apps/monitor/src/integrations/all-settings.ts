// Every kind's environment settings, one line each, for the monitor's config to load. Only the
// kinds' settings.ts files are imported here; registry.test.ts checks that each kind listed in
// kinds.ts has its settings in this list.
import { loadConfig } from "@beacon/platform";
import type { IntegrationSettings, KindSettings } from "./settings.js";
import { appriseSettings } from "./apprise/settings.js";
import { discordSettings } from "./discord/settings.js";
import { githubSettings } from "./github/settings.js";
import { matrixSettings } from "./matrix/settings.js";
import { mattermostSettings } from "./mattermost/settings.js";
import { msteamswSettings } from "./msteamsw/settings.js";
import { opsgenieSettings } from "./opsgenie/settings.js";
import { pagertreeSettings } from "./pagertree/settings.js";
import { pdSettings } from "./pd/settings.js";
import { poSettings } from "./po/settings.js";
import { pushbulletSettings } from "./pushbullet/settings.js";
import { rocketchatSettings } from "./rocketchat/settings.js";
import { shellSettings } from "./shell/settings.js";
import { signalSettings } from "./signal/settings.js";
import { slackSettings } from "./slack/settings.js";
import { twilioSettings } from "./sms/settings.js";
import { spikeSettings } from "./spike/settings.js";
import { telegramSettings } from "./telegram/settings.js";
import { trelloSettings } from "./trello/settings.js";
import { victoropsSettings } from "./victorops/settings.js";
import { webhookSettings } from "./webhook/settings.js";
import { zulipSettings } from "./zulip/settings.js";

export const ALL_SETTINGS: readonly KindSettings[] = [
  appriseSettings,
  discordSettings,
  githubSettings,
  matrixSettings,
  mattermostSettings,
  msteamswSettings,
  opsgenieSettings,
  pagertreeSettings,
  pdSettings,
  poSettings,
  pushbulletSettings,
  rocketchatSettings,
  shellSettings,
  signalSettings,
  slackSettings,
  twilioSettings,
  spikeSettings,
  telegramSettings,
  trelloSettings,
  victoropsSettings,
  webhookSettings,
  zulipSettings,
];

/** Every kind's settings, read from `env` with the monitor's config. */
export function loadIntegrationSettings(env: NodeJS.ProcessEnv): IntegrationSettings {
  return new Map(ALL_SETTINGS.map((s) => [s.spec, loadConfig(s.spec, {}, env)]));
}
