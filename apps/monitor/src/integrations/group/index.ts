// Group: sends each alert through other integrations of the project (transport.ts), chosen
// on a form of its own (routes.ts, pages.ts). Stored as the members' UUIDs joined by commas,
// as upstream.
import { defineKind } from "../kind.js";
import { groupRoutes, groupSetupPage } from "./routes.js";
import { groupTransport, memberUuids } from "./transport.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `--value`: integration UUIDs separated by commas (those of other projects will deliver nothing). */
function checkValue(raw: string): string {
  const uuids = memberUuids(raw.toLowerCase());
  if (uuids.length === 0) throw new Error("--value must list integration UUIDs separated by commas");
  const wrong = uuids.find((u) => !UUID.test(u));
  if (wrong !== undefined) throw new Error(`${wrong} is not an integration UUID`);
  return uuids.join(",");
}

export const group = defineKind({
  kind: "group",
  title: "Group",
  blurb: "Sends each alert through several integrations at once.",
  icon: { color: "#5f6b7a", glyph: `<rect x="4.5" y="4.5" width="6" height="6" rx="1"/><rect x="13.5" y="4.5" width="6" height="6" rx="1"/><rect x="4.5" y="13.5" width="6" height="6" rx="1"/><rect x="13.5" y="13.5" width="6" height="6" rx="1"/>` },
  transport: groupTransport,
  checkValue,
  summary(channel) {
    const n = memberUuids(channel.value).length;
    return `${n} member${n === 1 ? "" : "s"}`;
  },
  setup: { page: groupSetupPage },
  routes: groupRoutes,
});
