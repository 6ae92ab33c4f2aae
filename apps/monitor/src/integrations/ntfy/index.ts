// ntfy: a JSON message to a topic on an ntfy server (transport.ts), a priority per direction
// (0 turns it off). Stored as {"topic", "url", "priority", "priority_up", "token"}.
import { defineKind } from "../kind.js";
import { host, parseConfig, str } from "../form.js";
import { httpUrl, jsonObject, requiredString } from "../values.js";
import { ntfyTransport } from "./transport.js";

const PRIORITIES: [string, string][] = [["5", "Max"], ["4", "High"], ["3", "Default"], ["2", "Low"], ["1", "Min"], ["0", "Do not notify"]];

function priority(v: unknown, what: string): number {
  if (v === undefined) return 3;
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 5) throw new Error(`${what} must be a whole number from 0 (off) to 5 (max)`);
  return v as number;
}

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const topic = requiredString(doc.topic, "topic");
  if (topic.length > 64) throw new Error("topic must be at most 64 characters");
  const token = doc.token ?? "";
  if (typeof token !== "string") throw new Error("token must be a string");
  return JSON.stringify({
    priority: priority(doc.priority, "priority"),
    priority_up: priority(doc.priority_up, "priority_up"),
    token,
    topic,
    url: httpUrl(doc.url ?? "https://ntfy.sh", "url", true).replace(/\/+$/, ""),
  });
}

export const ntfy = defineKind({
  kind: "ntfy",
  title: "ntfy",
  blurb: "Pushes to phones and desktops through an ntfy topic.",
  icon: { color: "#2f7d6d", glyph: `<path d="M7.5 15.5v-4.3a4.5 4.5 0 0 1 9 0v4.3l1.5 1.5H6z"/><path d="M10.5 19.5h3"/>` },
  transport: ntfyTransport,
  checkValue,
  summary(channel) {
    const c = parseConfig(channel.value);
    return `${str(c.topic)} on ${host(str(c.url))}`;
  },
  setup: {
    form: {
      fields: [
        { name: "url", label: "Server URL", type: "url", required: true, initial: "https://ntfy.sh" },
        { name: "topic", label: "Topic", type: "text", required: true },
        { name: "priority", label: "Priority when a check goes down", type: "select", options: PRIORITIES, initial: "5" },
        { name: "priority_up", label: "Priority when a check comes back up", type: "select", options: PRIORITIES, initial: "3" },
        { name: "token", label: "Access token", type: "password", help: "Only for protected topics." },
      ],
      build(v) {
        if (!/^[\w-]{1,64}$/.test(str(v.topic))) return { error: "A topic has 1 to 64 letters, digits, hyphens or underscores." };
        return { ok: { url: str(v.url).replace(/\/+$/, ""), topic: str(v.topic), priority: Number(v.priority), priority_up: Number(v.priority_up), token: str(v.token) } };
      },
      read(value) {
        const c = parseConfig(value);
        return { url: str(c.url), topic: str(c.topic), priority: String(c.priority ?? "5"), priority_up: String(c.priority_up ?? "3"), token: "" };
      },
    },
  },
});
