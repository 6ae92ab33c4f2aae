// Mattermost: Slack's message, posted to a Mattermost incoming webhook. Stored as the bare
// webhook URL, as the upstream's form stores it.
import { TransportError } from "../alert.js";
import { defineKind } from "../kind.js";
import { host } from "../form.js";
import { checkWebhookUrl, storedWebhookUrl } from "../slack/index.js";
import { postSlackPayload, slackPayload, slackWebhookUrl } from "../slack/transport.js";
import { mattermostSettings } from "./settings.js";

export const mattermost = defineKind({
  kind: "mattermost",
  title: "Mattermost",
  blurb: "Posts to a Mattermost channel through an incoming webhook.",
  icon: { color: "#1e325c", glyph: `<circle cx="12" cy="12" r="6.5"/><path d="M13.5 7.5 11 13.2"/>` },
  settings: mattermostSettings,
  transport: {
    isNoop: () => false,
    async notify(alert) {
      if (!mattermostSettings.of(alert.config).enabled) throw new TransportError("Mattermost notifications are not enabled.");
      // compat: unlike Slack, a 404 from Mattermost is retried and does not disable it.
      await postSlackPayload(alert, slackWebhookUrl(alert.channel.value), slackPayload(alert));
    },
  },
  checkValue: checkWebhookUrl,
  summary: (channel) => host(storedWebhookUrl(channel.value)),
  setup: {
    form: {
      fields: [{ name: "url", label: "Incoming webhook URL", type: "url", required: true, placeholder: "https://mattermost.example.com/hooks/…" }],
      build: (v) => ({ ok: String(v.url) }),
      read: (value) => ({ url: storedWebhookUrl(value) }),
    },
  },
});
