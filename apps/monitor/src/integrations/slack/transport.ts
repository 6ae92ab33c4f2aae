// Slack-compatible incoming webhooks (Slack, Mattermost): one attachment per alert.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send, type HttpResponse, userUrlAccess } from "../http.js";
import { cloakedUrl, formatDuration, formatDurationForSentence, kindDisplay, nameThenCode, naturaltime, pingBodyText, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { slackSettings } from "./settings.js";

/** Stored as the bare webhook URL, or as the JSON of Slack's OAuth flow. */
export function slackWebhookUrl(value: string): string {
  if (!value.startsWith("{")) return value;
  const doc = JSON.parse(value);
  return doc.incoming_webhook?.url ?? doc.url;
}

export type SlackField = { title: string; value: string; short?: true };

/** A field of a Slack-like attachment; short ones stand two to a row. */
export const slackField = (title: string, value: string, short = true): SlackField => (short ? { title, value, short: true } : { title, value });

/**
 * The fields every Slack-like attachment (Slack, Mattermost, Rocket.Chat) starts with:
 * Description, Project, Tags, Period or Schedule and Time Zone, Total Pings, Last Ping.
 * `fixAsterisks` keeps a schedule's asterisks literal, each service in its own way.
 */
export function slackFields(alert: AlertContext, fixAsterisks: (s: string) => string): SlackField[] {
  const { check } = alert;
  const fields: SlackField[] = [];
  const add = (title: string, value: string, short = true) => fields.push(slackField(title, value, short));
  if (check.description) add("Description", check.description, false);
  if (alert.project.name) add("Project", alert.project.name);
  const tags = tagsList(check.tags);
  if (tags.length) add("Tags", tags.map((t) => `\`${t}\``).join(" "));
  if (check.kind === "simple") add("Period", formatDuration(check.timeout));
  else {
    add("Schedule", fixAsterisks(check.schedule));
    add("Time Zone", check.tz);
  }
  const ping = alert.lastPing;
  add("Total Pings", ping ? String(ping.n) : "0");
  add("Last Ping", ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never");
  return fields;
}

/** Slack reads asterisks as bold: a combining grapheme joiner before each keeps them literal. */
const joinAsterisks = (s: string) => s.replace(/\*/g, "\u034f*");

/** The message of Slack-compatible webhooks (Slack, Mattermost, Discord's /slack endpoint). */
export function slackPayload(alert: AlertContext, fixAsterisks: (s: string) => string = joinAsterisks): Record<string, unknown> {
  const { check, flip, config } = alert;
  const name = nameThenCode(check);
  const status = flip.new_status.toUpperCase();
  let text: string | null = null;
  const reason = reasonLong(flip.reason);
  if (flip.reason) text = `Reason: ${reason}.`;
  else if (flip.new_status === "up" && alert.downDuration) text = `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`;

  const fields = slackFields(alert, fixAsterisks);
  const body = pingBodyText(alert.lastPing, 1000);
  if (body && !body.includes("```")) fields.push(slackField("Last Ping Body", "```\n" + body + "\n```", false));

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

/** Slack's answers that will not heal (a 404, a 400 saying invalid_token): the integration is disabled. */
function slackError(res: HttpResponse): TransportError {
  const permanent = res.status === 404 || (res.status === 400 && res.body.toString() === "invalid_token");
  return new TransportError(`Received status code ${res.status}`, permanent);
}

/** Posts a Slack-compatible payload as JSON; `onError` words a refusal (by default the bare status). */
export async function postSlackPayload(alert: AlertContext, url: string, payload: Record<string, unknown>, onError?: (res: HttpResponse) => TransportError): Promise<void> {
  const request = { method: "POST" as const, url, headers: { "Content-Type": "application/json" }, body: pythonJson(payload), ...userUrlAccess(alert.config) };
  await send(request, onError);
}

export const slackTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!slackSettings.of(alert.config).enabled) throw new TransportError("Slack notifications are not enabled.");
    await postSlackPayload(alert, slackWebhookUrl(alert.channel.value), slackPayload(alert), slackError);
  },
};
