// PagerTree: events posted to the webhook URL of a PagerTree integration (transport.ts).
// Stored as the bare URL, as the upstream's form stores it.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { pagertreeSettings } from "./settings.js";
import { pagertreeTransport } from "./transport.js";

const MAX_URL = 1000;

export const pagertree = defineKind({
  kind: "pagertree",
  title: "PagerTree",
  blurb: "Opens a PagerTree incident when a check goes down and resolves it when it comes back up.",
  icon: { color: "#1f8a4c", glyph: `<path d="M12 4.5 6.5 12h3L6 17h12l-3.5-5h3z"/><path d="M12 17v2.5"/>` },
  settings: pagertreeSettings,
  transport: pagertreeTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the webhook URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Webhook URL", type: "url", required: true, help: "The URL of a PagerTree Healthchecks.io integration." }],
      build: (v) => (str(v.value).length > MAX_URL ? { error: `Ensure this value has at most ${MAX_URL} characters (it has ${str(v.value).length}).` } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
