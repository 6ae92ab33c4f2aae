// Rocket.Chat: alerts posted to an incoming webhook (transport.ts). Stored as the upstream
// stores it: the bare webhook URL.
import { defineKind } from "../kind.js";
import { host, str } from "../form.js";
import { httpUrl } from "../values.js";
import { rocketchatSettings } from "./settings.js";
import { rocketchatTransport } from "./transport.js";

export const rocketchat = defineKind({
  kind: "rocketchat",
  title: "Rocket.Chat",
  blurb: "Posts to a Rocket.Chat channel through an incoming webhook.",
  icon: { color: "#f5455c", glyph: `<path d="M5 15.5c0-4 3.1-7 7-7s7 3 7 7c0 1.6-2.5 2.5-5 2.5l-2.6 2v-2C7.6 18 5 17.1 5 15.5z"/><path d="M8.3 9.7 6.5 7M15.7 9.7 17.5 7"/>` },
  settings: rocketchatSettings,
  transport: rocketchatTransport,
  checkValue: (raw) => httpUrl(raw.trim(), "the webhook URL", true),
  summary: (channel) => host(channel.value),
  setup: {
    form: {
      fields: [{ name: "value", label: "Webhook URL", type: "url", required: true, placeholder: "https://" }],
      build: (v) => (str(v.value).length > 1000 ? { error: "Webhook URL: ensure this value has at most 1000 characters." } : { ok: str(v.value) }),
      read: (value) => ({ value }),
    },
  },
});
