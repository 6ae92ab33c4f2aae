// Microsoft Teams (workflows): an Adaptive Card posted to the webhook URL of a Teams workflow
// (transport.ts). Stored as the bare URL, as the upstream's form stores it.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { msteamswSettings } from "./settings.js";
import { msteamswTransport } from "./transport.js";

const MAX_URL = 1000;

export const msteamsw = defineKind({
  kind: "msteamsw",
  title: "Microsoft Teams",
  blurb: "Posts to a Microsoft Teams channel through a workflow's webhook.",
  icon: { color: "#5059c9", glyph: `<path d="M5 7h9M9.5 7v10"/><circle cx="17.5" cy="8.5" r="2"/><path d="M15.5 13h4v3a2 2 0 0 1-4 0z"/>` },
  settings: msteamswSettings,
  transport: msteamswTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the workflow's webhook URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Workflow webhook URL", type: "url", required: true, help: "From a Teams workflow \"Post to a channel when a webhook request is received\"." }],
      build: (v) => (str(v.value).length > MAX_URL ? { error: `Ensure this value has at most ${MAX_URL} characters (it has ${str(v.value).length}).` } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
