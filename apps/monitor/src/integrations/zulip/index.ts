// Zulip: a stream message or a direct message, sent as a bot (transport.ts). Stored as the
// upstream does: {"bot_email", "api_key", "mtype", "to", "site", "topic"}.
import { defineKind } from "../kind.js";
import { host, parseConfig, str } from "../form.js";
import { httpUrl, jsonObject, requiredString } from "../values.js";
import { zulipSettings } from "./settings.js";
import { zulipTransport } from "./transport.js";

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const botEmail = requiredString(doc.bot_email, "bot_email");
  if (!botEmail.includes("@")) throw new Error("bot_email must be an e-mail address");
  const mtype = doc.mtype ?? "stream";
  if (mtype !== "stream" && mtype !== "private") throw new Error('mtype must be "stream" or "private"');
  return JSON.stringify({
    bot_email: botEmail,
    api_key: requiredString(doc.api_key, "api_key"),
    mtype,
    to: requiredString(doc.to, "to"),
    site: doc.site === undefined ? "" : httpUrl(doc.site, "site", false).replace(/\/+$/, ""),
    topic: doc.topic === undefined ? "" : String(doc.topic),
  });
}

export const zulip = defineKind({
  kind: "zulip",
  title: "Zulip",
  blurb: "Posts to a Zulip stream or sends a direct message, as a bot.",
  icon: { color: "#1f8a5b", glyph: `<path d="M6 6.5h12a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-7l-4 3v-3A1.5 1.5 0 0 1 4.5 15V8A1.5 1.5 0 0 1 6 6.5z"/><path d="M9 9.5h6l-6 4h6"/>` },
  settings: zulipSettings,
  transport: zulipTransport,
  checkValue,
  summary(channel) {
    const c = parseConfig(channel.value);
    const site = str(c.site) || `https://${str(c.bot_email).split("@")[1] ?? ""}`;
    return `${c.mtype === "private" ? "to " : "#"}${str(c.to)} on ${host(site)}`;
  },
  setup: {
    form: {
      fields: [
        { name: "site", label: "Zulip site URL", type: "url", required: true, placeholder: "https://chat.example.com" },
        { name: "bot_email", label: "Bot e-mail", type: "email", required: true },
        { name: "api_key", label: "Bot API key", type: "password", required: true },
        { name: "mtype", label: "Post to", type: "select", options: [["stream", "A stream"], ["private", "A user (direct message)"]], initial: "stream" },
        { name: "to", label: "Stream name or user e-mail", type: "text", required: true },
        { name: "topic", label: "Topic", type: "text", help: "Optional; by default the check's name." },
      ],
      build: (v) => ({ ok: { bot_email: str(v.bot_email), api_key: str(v.api_key), mtype: v.mtype === "private" ? "private" : "stream", to: str(v.to), site: str(v.site), topic: str(v.topic) } }),
      read(value) {
        const c = parseConfig(value);
        return { site: str(c.site), bot_email: str(c.bot_email), api_key: "", mtype: str(c.mtype), to: str(c.to), topic: str(c.topic) };
      },
    },
  },
});
