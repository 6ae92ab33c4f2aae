// Discord: Slack's message, posted to the channel's webhook through Discord's Slack-compatible
// endpoint (<webhook URL>/slack). A 404 means the webhook was deleted: the integration is
// disabled.
import { TransportError, type Transport } from "../alert.js";
import { postSlackPayload, slackPayload } from "../slack/transport.js";

/** Stored as Discord's OAuth answer, whose webhook.url is where alerts go. */
export function discordWebhookUrl(value: string): string {
  const url = JSON.parse(value)?.webhook?.url;
  if (typeof url !== "string") throw new Error("The Discord webhook URL is missing");
  // compat: Discord dropped discordapp.com for webhooks; older integrations still name it.
  return url.startsWith("https://discordapp.com/") ? `https://discord.com/${url.slice("https://discordapp.com/".length)}` : url;
}

/** Discord reads a bare asterisk as Markdown: a backslash keeps it literal. */
const escapeAsterisks = (s: string) => s.replace(/\*/g, "\\*");

export const discordTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    await postSlackPayload(alert, `${discordWebhookUrl(alert.channel.value)}/slack`, slackPayload(alert, escapeAsterisks), (res) => new TransportError(`Received status code ${res.status}`, res.status === 404));
  },
};
