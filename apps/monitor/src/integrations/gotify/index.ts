// Gotify: a message to a self-hosted Gotify server (transport.ts), set up with its URL and an
// application token. Stored as the upstream stores it:
// {"priority", "priority_up", "token", "url"} (priorities may be absent: the server's default).
import { defineKind } from "../kind.js";
import { host, parseConfig, str } from "../form.js";
import { httpUrl, jsonObject, requiredString } from "../values.js";
import { gotifyTransport } from "./transport.js";

const PRIORITIES: [string, string][] = [
  ["0", "Disabled: does not notify."],
  ["2", "Low priority: quiet icon in the notification bar."],
  ["5", "Normal priority: a notification with sound."],
  ["9", "High priority: a notification with sound and vibration."],
];
const NAMES: Record<number, string> = { 0: "disabled", 2: "low priority", 5: "normal priority", 9: "high priority" };

function priority(v: unknown, what: string): number | null {
  if (v === undefined || v === null) return null;
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 9) throw new Error(`${what} must be a whole number from 0 (off) to 9`);
  return v as number;
}

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const token = requiredString(doc.token, "token");
  const value: Record<string, unknown> = {};
  const prio = priority(doc.priority, "priority");
  const prioUp = priority(doc.priority_up, "priority_up");
  if (prio !== null) value.priority = prio;
  if (prioUp !== null) value.priority_up = prioUp;
  return JSON.stringify({ ...value, token, url: httpUrl(doc.url, "url", true) });
}

export const gotify = defineKind({
  kind: "gotify",
  title: "Gotify",
  blurb: "Sends push notifications through your self-hosted Gotify server.",
  icon: { color: "#3e8ed0", glyph: `<path d="M6 8.5h12v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z"/><path d="M6 8.5l6 5 6-5"/><path d="M15.5 5.5l2.5-1.5"/>` },
  transport: gotifyTransport,
  checkValue,
  summary(channel) {
    const c = parseConfig(channel.value);
    const parts = [host(str(c.url))];
    for (const [key, word] of [["priority", "down"], ["priority_up", "up"]] as const) if (typeof c[key] === "number" && NAMES[c[key] as number]) parts.push(`${word}: ${NAMES[c[key] as number]}`);
    return parts.join(", ");
  },
  setup: {
    form: {
      fields: [
        { name: "url", label: "Gotify Server URL", type: "url", required: true, placeholder: "https://" },
        { name: "token", label: "Application Token", type: "password", required: true, help: "From Apps in Gotify: create an application and copy its token." },
        { name: "priority", label: 'Priority for "down" events', type: "select", required: true, options: PRIORITIES, initial: "5" },
        { name: "priority_up", label: 'Priority for "up" events', type: "select", required: true, options: PRIORITIES, initial: "5" },
      ],
      build(v) {
        if (str(v.url).length > 1000) return { error: "Gotify Server URL: ensure this value has at most 1000 characters." };
        if (str(v.token).length > 50) return { error: "Application Token: ensure this value has at most 50 characters." };
        return { ok: { priority: Number(v.priority), priority_up: Number(v.priority_up), token: str(v.token), url: str(v.url) } };
      },
      read(value) {
        const c = parseConfig(value);
        // An integration stored without priorities edits as normal priority, as upstream.
        const prio = (p: unknown) => (typeof p === "number" ? String(p) : "5");
        return { url: str(c.url), token: "", priority: prio(c.priority), priority_up: prio(c.priority_up) };
      },
    },
  },
});
