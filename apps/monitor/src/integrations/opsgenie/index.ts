// Opsgenie: alerts opened on down and closed on up through Opsgenie's Alert API with an API
// integration's key (transport.ts). Stored as {"region": "us" | "eu", "key": …}, as upstream.
import { defineKind } from "../kind.js";
import { parseConfig, str } from "../form.js";
import { jsonObject, requiredString } from "../values.js";
import { opsgenieSettings } from "./settings.js";
import { opsgenieTransport } from "./transport.js";

const MAX_KEY = 40;
const REGIONS: [string, string][] = [["us", "US (default)"], ["eu", "EU"]];

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const key = requiredString(doc.key, "key").trim();
  if (key.length > MAX_KEY) throw new Error(`key must be at most ${MAX_KEY} characters`);
  const region = doc.region ?? "us";
  if (region !== "us" && region !== "eu") throw new Error('region must be "us" or "eu"');
  return JSON.stringify({ region, key });
}

export const opsgenie = defineKind({
  kind: "opsgenie",
  title: "Opsgenie",
  blurb: "Opens an Opsgenie alert when a check goes down and closes it when it comes back up.",
  icon: { color: "#2684ff", glyph: `<circle cx="12" cy="8" r="3.2"/><path d="M5.5 13.5 12 20l6.5-6.5"/>` },
  settings: opsgenieSettings,
  transport: opsgenieTransport,
  checkValue,
  summary: (channel) => (str(parseConfig(channel.value).region) === "eu" ? "EU region" : "US region"),
  setup: {
    form: {
      fields: [
        { name: "key", label: "API Key", type: "password", required: true, help: "The key of an API integration in Opsgenie." },
        { name: "region", label: "Region", type: "select", options: REGIONS, initial: "us", required: true },
      ],
      build(v) {
        const key = str(v.key);
        if (key.length > MAX_KEY) return { error: `Ensure this value has at most ${MAX_KEY} characters (it has ${key.length}).` };
        return { ok: { region: str(v.region), key } };
      },
      read: (value) => ({ key: "", region: str(parseConfig(value).region) || "us" }),
    },
  },
});
