// Signal: messages through signal-cli's JSON-RPC socket (transport.ts, client.ts), set up
// with a phone number or username and the directions to notify. Stored as the upstream
// stores it: {"value": "+15551234567", "up": true, "down": true}.
import { defineKind } from "../kind.js";
import { parseConfig, str } from "../form.js";
import { jsonObject } from "../values.js";
import { signalSettings } from "./settings.js";
import { signalTransport } from "./transport.js";

/** The upstream's recipient check: a phone number (+ and 5-15 digits) or a username (name.123). */
export function cleanRecipient(raw: string): { ok: string } | { error: string } {
  const stripped = raw.replace(/[^\x00-\x7f]/g, "").replace(/[ -]/g, "");
  if (stripped.includes(".")) return /^\w{3,48}\.\d{2,10}$/.test(stripped) ? { ok: stripped } : { error: "Invalid username format." };
  return /^\+\d{5,15}$/.test(stripped) ? { ok: stripped } : { error: "Invalid phone number format." };
}

function checkValue(raw: string): string {
  const trimmed = raw.trim();
  const doc = trimmed.startsWith("{") ? jsonObject(trimmed) : { value: trimmed, up: true, down: true };
  const recipient = cleanRecipient(str(doc.value));
  if ("error" in recipient) throw new Error(`value: ${recipient.error}`);
  const up = doc.up ?? true;
  const down = doc.down ?? true;
  if (typeof up !== "boolean" || typeof down !== "boolean") throw new Error("up and down must be true or false");
  if (!up && !down) throw new Error("up and down cannot both be false");
  return JSON.stringify({ value: recipient.ok, up, down });
}

export const signal = defineKind({
  kind: "signal",
  title: "Signal",
  blurb: "Sends Signal messages to a phone number or username.",
  icon: { color: "#3a76f0", glyph: `<path d="M12 5a7 7 0 0 0-6 10.6L5 19l3.5-.9A7 7 0 1 0 12 5z"/>` },
  settings: signalSettings,
  transport: signalTransport,
  checkValue,
  summary: (channel) => str(parseConfig(channel.value).value),
  setup: {
    form: {
      fields: [
        { name: "recipient", label: "Phone number or username", type: "text", required: true, placeholder: "+1 555 123 4567", help: "A phone number with its country code, or a Signal username (name.123)." },
        { name: "down", label: 'Notify when a check goes "down"', type: "checkbox", initial: true },
        { name: "up", label: 'Notify when a check comes back "up"', type: "checkbox", initial: true },
      ],
      build(v) {
        const recipient = cleanRecipient(str(v.recipient));
        if ("error" in recipient) return { error: `Phone number or username: ${recipient.error}` };
        if (!v.down && !v.up) return { error: "Notify: please select at least one." };
        return { ok: { value: recipient.ok, up: v.up === true, down: v.down === true } };
      },
      read(value) {
        const c = parseConfig(value);
        return { recipient: str(c.value), down: c.down === true, up: c.up === true };
      },
    },
  },
});
