// Microsoft Teams: an Adaptive Card posted to a Teams workflow's webhook ("Post to a channel
// when a webhook request is received"), a heading, a fact set and the last ping's body.
import { tagsList } from "../../lib/tags.js";
import { pythonJson } from "../../http/router.js";
import { send } from "../http.js";
import { cloakedUrl, formatDuration, htmlEscape, kindDisplay, nameThenCode, naturaltime, pingBodyText, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { msteamswSettings } from "./settings.js";

/** Teams reads asterisks as Markdown: a combining grapheme joiner before each keeps them literal. */
const fixAsterisks = (s: string) => s.replace(/\*/g, "\u034f*");

export function msteamswPayload(alert: AlertContext): Record<string, unknown> {
  const { check, flip, config } = alert;
  // compat: the upstream's template and fallback HTML-escape the name, though Teams shows it as text.
  const name = htmlEscape(nameThenCode(check));
  const status = flip.new_status;
  const heading = status === "down" ? `\u{1F534} \u201c${name}\u201d is DOWN${flip.reason ? ` (${reasonLong(flip.reason)})` : ""}.` : `\u{1F7E2} \u201c${name}\u201d is UP.`;

  // compat: the facts are built like Slack's fields, "short": true and all.
  const facts: Record<string, unknown>[] = [];
  const add = (title: string, value: string) => facts.push({ title, value, short: true });
  if (check.description) add("Description:", check.description.replace(/\n/g, "\n\n"));
  if (alert.project.name) add("Project:", alert.project.name);
  const tags = tagsList(check.tags);
  if (tags.length) add("Tags:", tags.join(" "));
  if (check.kind === "simple") add("Period:", formatDuration(check.timeout));
  else {
    add("Schedule:", fixAsterisks(check.schedule));
    add("Time Zone:", check.tz);
  }
  const ping = alert.lastPing;
  add("Total Pings:", ping ? String(ping.n) : "0");
  add("Last Ping:", ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never");

  const blocks: Record<string, unknown>[] = [
    { type: "TextBlock", text: heading, weight: "bolder", size: "medium", wrap: true, style: "heading" },
    { type: "FactSet", facts },
  ];
  const body = pingBodyText(ping, 1000);
  if (body) blocks.push({ type: "TextBlock", text: "Last Ping Body:", weight: "bolder" }, { type: "CodeBlock", codeSnippet: body, language: "PlainText" });

  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          fallbackText: `\u201c${name}\u201d is ${status.toUpperCase()}.`,
          version: "1.2",
          body: blocks,
          actions: [{ type: "Action.OpenUrl", title: `View in ${config.siteName}`, url: cloakedUrl(config, check) }],
        },
      },
    ],
  };
}

export const msteamswTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    if (!msteamswSettings.of(alert.config).enabled) throw new TransportError("MS Teams notifications are not enabled.");
    const request = { method: "POST" as const, url: alert.channel.value, headers: { "Content-Type": "application/json" }, body: pythonJson(msteamswPayload(alert)) };
    await send({ ...request, allowPrivateIps: alert.config.integrationsAllowPrivateIps });
  },
};
