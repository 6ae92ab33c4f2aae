// Apprise: one or more Apprise URLs (comma-separated), notified through the apprise command
// (transport.ts) when the operator enables it. Stored as the upstream stores it: the URLs as
// typed.
import { defineKind } from "../kind.js";
import { str } from "../form.js";
import { appriseSettings } from "./settings.js";
import { appriseTransport } from "./transport.js";

const MAX_URL = 512;

function checkValue(raw: string): string {
  const urls = raw.trim();
  if ([...urls].length > MAX_URL) throw new Error(`--value must be at most ${MAX_URL} characters`);
  return urls;
}

/** The services named by the URLs ("tgram, mailto"), never their secrets. */
function schemes(value: string): string {
  return value
    .split(/[\s,]+/)
    .map((url) => /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1])
    .filter((s): s is string => !!s)
    .join(", ");
}

export const apprise = defineKind({
  kind: "apprise",
  title: "Apprise",
  blurb: "Notifies any of the many services Apprise supports, by Apprise URL.",
  icon: { color: "#2b6cb0", glyph: `<path d="M7 17.5 12 6l5 11.5"/><path d="M9 13h6"/><path d="M17.5 6.5l1.5-1.5M18.5 9.5h2"/>` },
  settings: appriseSettings,
  transport: appriseTransport,
  checkValue,
  summary: (channel) => schemes(channel.value),
  setup: {
    form: {
      fields: [{ name: "url", label: "Apprise URL", type: "password", required: true, help: "One or more Apprise URLs, separated by commas (tgram://…, mailto://…). See Apprise's list of notification services." }],
      build: (v) => ([...str(v.url)].length > MAX_URL ? { error: `Apprise URL: ensure this value has at most ${MAX_URL} characters.` } : { ok: str(v.url) }),
      read: () => ({ url: "" }),
    },
  },
});
