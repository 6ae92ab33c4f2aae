// Slack-compatible incoming webhooks (Slack, Mattermost): one attachment per alert.
import { tagsList } from "../lib/tags.js";
import { pythonJson } from "../http/router.js";
import type { Channel } from "../store/schema.js";
import { send } from "./http.js";
import { cloakedUrl, formatDuration, formatDurationForSentence, kindDisplay, nameThenCode, naturaltime, pingBodyText, reasonLong } from "./text.js";
import { TransportError, type AlertContext, type Transport } from "./types.js";

/** Stored as the bare webhook URL, or as the JSON of Slack's OAuth flow. */
export function slackWebhookUrl(channel: Channel): string {
  if (!channel.value.startsWith("{")) return channel.value;
  const doc = JSON.parse(channel.value);
  return doc.incoming_webhook?.url ?? doc.url;
}

type Field = { title: string; value: string; short?: true };

export function slackPayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip, config } = alert;
  const name = nameThenCode(check);
  const status = flip.new_status.toUpperCase();
  const fields: Field[] = [];
  const add = (title: string, value: string, short = true) => fields.push(short ? { title, value, short: true } : { title, value });

  let text: string | null = null;
  const reason = reasonLong(flip.reason);
  if (flip.reason) text = `Reason: ${reason}.`;
  else if (flip.new_status === "up" && alert.downDuration) text = `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`;

  if (check.description) add("Description", check.description, false);
  if (alert.project.name) add("Project", alert.project.name);
  const tags = tagsList(check.tags);
  if (tags.length) add("Tags", tags.map((t) => `\`${t}\``).join(" "));
  if (check.kind === "simple") add("Period", formatDuration(check.timeout));
  else {
    // compat: asterisks get a combining grapheme joiner so Slack does not read them as bold.
    add("Schedule", check.schedule.replace(/\*/g, "\u034f*"));
    add("Time Zone", check.tz);
  }
  const ping = alert.lastPing;
  add("Total Pings", ping ? String(ping.n) : "0");
  add("Last Ping", ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never");
  const body = pingBodyText(ping, 1000);
  if (body && !body.includes("```")) add("Last Ping Body", "```\n" + body + "\n```", false);

  return {
    username: config.siteName,
    icon_url: `${config.siteRoot}/static/img/logo.png`,
    attachments: [
      {
        color: flip.new_status === "up" ? "good" : "danger",
        fallback: `The check "${name}" is ${status}.`,
        mrkdwn_in: ["fields"],
        title: `\u201c${name}\u201d is ${status}.`,
        title_link: cloakedUrl(config, check),
        text,
        fields,
      },
    ],
  };
}

function slackLike(checkEnabled: boolean): Transport {
  return {
    isNoop: () => false,
    async notify(alert) {
      if (checkEnabled && !alert.config.slackEnabled) throw new TransportError("Slack notifications are not enabled.");
      await send(
        {
          method: "POST",
          url: slackWebhookUrl(alert.channel),
          headers: { "Content-Type": "application/json" },
          body: pythonJson(slackPayload(alert)),
          allowPrivateIps: alert.config.integrationsAllowPrivateIps,
        },
        (res) => {
          // A 404, or a 400 saying invalid_token, will not heal: the integration is disabled.
          const permanent = res.status === 404 || (res.status === 400 && res.body.toString() === "invalid_token");
          return new TransportError(`Received status code ${res.status}`, permanent);
        },
      );
    },
  };
}

export const slack = slackLike(true);
export const mattermost = slackLike(false);
