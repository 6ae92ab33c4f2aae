// Splunk On-Call (formerly VictorOps): events posted to a REST integration's endpoint URL
// (transport.ts). Stored as the bare URL, as the upstream's form stores it.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { victoropsSettings } from "./settings.js";
import { victoropsTransport } from "./transport.js";

const MAX_URL = 1000;

export const victorops = defineKind({
  kind: "victorops",
  title: "Splunk On-Call",
  blurb: "Opens a Splunk On-Call (VictorOps) incident when a check goes down and recovers it when it comes back up.",
  icon: { color: "#e85a2c", glyph: `<path d="M5 6.5 12 18l7-11.5"/>` },
  settings: victoropsSettings,
  transport: victoropsTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the REST endpoint URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Post URL", type: "url", required: true, help: "The REST endpoint URL of a Splunk On-Call REST integration, with its routing key." }],
      build: (v) => (str(v.value).length > MAX_URL ? { error: `Ensure this value has at most ${MAX_URL} characters (it has ${str(v.value).length}).` } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
