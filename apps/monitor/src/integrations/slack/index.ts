// Slack: one attachment per alert, posted to an incoming webhook (transport.ts). The
// dashboard stores {"url": …}; the CLI stores the bare URL, as the upstream's webhook form
// does; Slack's OAuth JSON ({"incoming_webhook": {"url": …}}) is read as well.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl, isObject, parseJson } from "../values.js";
import { slackSettings } from "./settings.js";
import { slackTransport, slackWebhookUrl } from "./transport.js";

/** `--value` of Slack-compatible kinds: the URL, or JSON naming it. */
export function checkWebhookUrl(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed.startsWith("{")) return httpUrl(trimmed, "the webhook URL", true);
  const doc = parseJson(trimmed);
  if (!isObject(doc)) throw new Error("--value must be a JSON object or a URL");
  const nested = isObject(doc.incoming_webhook) ? doc.incoming_webhook.url : undefined;
  return httpUrl(doc.url ?? nested, "url", true);
}

/** The webhook URL of a stored value, or "" when it has none. */
export function storedWebhookUrl(value: string): string {
  try {
    return str(slackWebhookUrl(value));
  } catch {
    return "";
  }
}

export const slack = defineKind({
  kind: "slack",
  title: "Slack",
  blurb: "Posts to a Slack channel through an incoming webhook.",
  icon: { color: "#4a154b", glyph: `<path d="M10 5.5 8.6 18.5M15.4 5.5 14 18.5M6 9.8h13M5 14.2h13"/>` },
  settings: slackSettings,
  transport: slackTransport,
  checkValue: checkWebhookUrl,
  summary: (channel) => host(storedWebhookUrl(channel.value)),
  setup: {
    form: {
      fields: [{ name: "url", label: "Incoming webhook URL", type: "url", required: true, placeholder: "https://hooks.slack.com/services/…" }],
      build: (v) => ({ ok: { url: str(v.url) } }),
      read: (value) => ({ url: storedWebhookUrl(value) }),
    },
  },
});
