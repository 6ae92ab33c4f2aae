// Pushover: notifications through the Pushover API (transport.ts), set up through the
// Pushover application's subscription page (routes.ts), which needs the application's token
// (settings.ts). Stored as the upstream stores it: "user_key|prio|prio_up".
import { defineKind } from "../kind.js";
import { poRoutes, setupPage } from "./routes.js";
import { poSettings } from "./settings.js";
import { poConf, poTransport } from "./transport.js";
import { poIcon } from "./icon.js";

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
  icon: poIcon,
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
