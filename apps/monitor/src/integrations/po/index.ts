// Pushover: notifications through the Pushover API (transport.ts), set up through the
// Pushover application's subscription page (routes.ts), which needs the application's token
// (settings.ts). Stored as the upstream stores it: "user_key|prio|prio_up".
import { defineKind } from "../kind.js";
import { poRoutes, setupPage } from "./routes.js";
import { poSettings } from "./settings.js";
import { poConf, poTransport } from "./transport.js";

const PRIORITIES = new Set(["-3", "-2", "-1", "0", "1", "2"]);

/** "user_key|prio|prio_up", or "user_key|prio" (the same priority both ways, as upstream reads it). */
function checkValue(raw: string): string {
  const parts = raw.trim().split("|");
  if (parts.length < 2 || parts.length > 3 || parts[0] === "") throw new Error('--value must be "user_key|prio|prio_up", priorities from -3 (off) to 2 (emergency)');
  for (const p of parts.slice(1)) if (!PRIORITIES.has(p)) throw new Error("a Pushover priority must be a whole number from -3 (off) to 2 (emergency)");
  return parts.join("|");
}

const WORDS: Record<string, string> = { "-3": "off", "-2": "lowest", "-1": "low", "0": "normal", "1": "high", "2": "emergency" };

export const po = defineKind({
  kind: "po",
  title: "Pushover",
  blurb: "Notifies your phones, tablets, desktops and watches through Pushover.",
  icon: { color: "#249df1", glyph: `<path d="M9 19.5l3.2-14"/><path d="M10.6 12.4h2.6a3.4 3.4 0 0 0 0-6.8h-2.7a5.5 5.5 0 0 0-4 1.8"/>` },
  settings: poSettings,
  transport: poTransport,
  checkValue,
  summary(channel) {
    if (!channel.value.includes("|")) return "";
    const conf = poConf(channel.value);
    return `down: ${WORDS[conf.prio] ?? conf.prio}, up: ${WORDS[conf.prioUp] ?? conf.prioUp}`;
  },
  setup: { page: setupPage },
  routes: poRoutes,
});
