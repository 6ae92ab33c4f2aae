// PagerDuty: opens an incident when a check goes down and resolves it when it comes back up,
// through the Events API with an integration's service key (transport.ts). The dashboard
// stores the bare key, as the upstream's form does; JSON {"service_key", "account"} (the
// upstream's Connect flow) is read as well.
import { defineKind } from "../kind.js";
import { str } from "../form.js";
import { isObject, parseJson, requiredString } from "../values.js";
import { pdSettings } from "./settings.js";
import { pdConf, pdTransport } from "./transport.js";

const MAX_KEY = 32;

const tooLong = (key: string) => `Ensure this value has at most ${MAX_KEY} characters (it has ${key.length}).`;

function checkValue(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed.startsWith("{")) {
    if (trimmed.length > MAX_KEY) throw new Error(`the service key must be at most ${MAX_KEY} characters`);
    return trimmed;
  }
  const doc = parseJson(trimmed);
  if (!isObject(doc)) throw new Error("--value must be a service key or a JSON object");
  const serviceKey = requiredString(doc.service_key, "service_key");
  if (doc.account !== undefined && doc.account !== null && typeof doc.account !== "string") throw new Error("account must be a string");
  return JSON.stringify(doc.account ? { service_key: serviceKey, account: doc.account } : { service_key: serviceKey });
}

function storedKey(value: string): string {
  try {
    return str(pdConf(value).service_key);
  } catch {
    return "";
  }
}

export const pd = defineKind({
  kind: "pd",
  title: "PagerDuty",
  blurb: "Opens a PagerDuty incident when a check goes down and resolves it when it comes back up.",
  icon: { color: "#06ac38", glyph: `<path d="M8 19.5V4.5h4.8a4.2 4.2 0 0 1 0 8.4H8"/>` },
  settings: pdSettings,
  transport: pdTransport,
  checkValue,
  // The key is a secret (it opens incidents): the list shows the account, as upstream, when known.
  summary(channel) {
    try {
      const account = str(pdConf(channel.value).account);
      return account ? `PagerDuty account ${account}` : "";
    } catch {
      return "";
    }
  },
  setup: {
    form: {
      fields: [{ name: "value", label: "Integration Key", type: "text", required: true, help: "The Integration Key of a PagerDuty service's Events API v1 integration." }],
      build: (v) => (str(v.value).length > MAX_KEY ? { error: tooLong(str(v.value)) } : { ok: str(v.value) }),
      read: (value) => ({ value: storedKey(value) }),
    },
  },
});
