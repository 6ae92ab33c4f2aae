// Google Chat: a card posted to the incoming webhook of a Google Chat space (transport.ts).
// Stored as the bare webhook URL, as the upstream's form stores it.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { googlechatTransport } from "./transport.js";

const MAX_URL = 1000;

export const googlechat = defineKind({
  kind: "googlechat",
  title: "Google Chat",
  blurb: "Posts to a Google Chat space through an incoming webhook.",
  icon: { color: "#00897b", glyph: `<path d="M5.5 6.5h13v9h-7l-3.5 3v-3H5.5z"/>` },
  transport: googlechatTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the webhook URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Webhook URL", type: "url", required: true, placeholder: "https://chat.googleapis.com/v1/spaces/…", help: "From the space's Apps & integrations → Webhooks." }],
      build: (v) => (str(v.value).length > MAX_URL ? { error: `Ensure this value has at most ${MAX_URL} characters (it has ${str(v.value).length}).` } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
