// Email: alerts over SMTP (transport.ts) to an address verified by a mailed link
// (actions/email-verification.ts), with per-direction switches.
import { defineKind } from "../kind.js";
import { str } from "../form.js";
import { jsonObject, requiredString } from "../values.js";
import { emailConfOf, emailTransport } from "./transport.js";

function checkValue(raw: string): string {
  if (!raw.trim().startsWith("{")) return JSON.stringify({ value: requiredString(raw.trim(), "the address"), up: true, down: true });
  const doc = jsonObject(raw);
  const value = requiredString(doc.value, "value");
  if (!/^[^@\s]+@[^@\s]+$/.test(value)) throw new Error("value must be an e-mail address");
  for (const k of ["up", "down"]) if (doc[k] !== undefined && typeof doc[k] !== "boolean") throw new Error(`${k} must be true or false`);
  return JSON.stringify({ value, up: doc.up ?? true, down: doc.down ?? true });
}

export const email = defineKind({
  kind: "email",
  title: "Email",
  blurb: "Sends an e-mail to an address when a check changes state.",
  icon: { color: "#0b6fb8", glyph: `<rect x="4" y="6.5" width="16" height="11" rx="1.5"/><path d="M4.8 7.6 12 13l7.2-5.4"/>` },
  transport: emailTransport,
  checkValue,
  summary: (channel) => emailConfOf(channel.value).value,
  notes(channel) {
    const notes: string[] = [];
    if (!channel.email_verified) notes.push("Unconfirmed: the address receives alerts once the link mailed to it is opened.");
    if (channel.disabled) notes.push("Disabled (unsubscribed); save it again to re-enable it.");
    return notes;
  },
  setup: {
    form: {
      fields: [
        { name: "value", label: "E-mail address", type: "email", required: true, placeholder: "ops@example.com" },
        { name: "down", label: "Notify when a check goes down", type: "checkbox", initial: true },
        { name: "up", label: "Notify when a check comes back up", type: "checkbox", initial: true },
      ],
      build: (v) => ({ ok: { value: str(v.value), up: v.up === true, down: v.down === true } }),
      read(value) {
        const conf = emailConfOf(value);
        return { value: conf.value, up: conf.up === true, down: conf.down === true };
      },
    },
  },
});
