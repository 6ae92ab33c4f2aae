// Spike.sh: events posted to the webhook URL of a Spike integration (transport.ts). Stored
// as the bare URL, as the upstream's form stores it.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { spikeSettings } from "./settings.js";
import { spikeTransport } from "./transport.js";

const MAX_URL = 1000;

export const spike = defineKind({
  kind: "spike",
  title: "Spike",
  blurb: "Sends alerts to Spike.sh, which calls, texts or messages whoever is on call.",
  icon: { color: "#6c4df6", glyph: `<path d="M13.5 4 7 13h5l-1.5 7L17 11h-5z"/>` },
  settings: spikeSettings,
  transport: spikeTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the webhook URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Webhook URL", type: "url", required: true, help: "The webhook URL of a Spike.sh Healthchecks.io integration." }],
      build: (v) => (str(v.value).length > MAX_URL ? { error: `Ensure this value has at most ${MAX_URL} characters (it has ${str(v.value).length}).` } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
