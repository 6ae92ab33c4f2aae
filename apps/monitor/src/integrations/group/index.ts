// Group: fans an alert out to other integrations of the same project (transport.ts). Stored
// as the members' uuids, comma-separated, as the upstream stores them; set up on a page of its
// own (routes.ts), since its choices are the project's integrations.
import { defineKind } from "../kind.js";
import { groupFormPage, groupRoutes } from "./routes.js";
import { groupTransport, memberUuids } from "./transport.js";
import { groupIcon } from "./icon.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `create-integration --value`: the members' uuids, comma-separated. */
function checkValue(raw: string): string {
  const uuids = memberUuids(raw);
  const bad = uuids.find((u) => !UUID.test(u));
  if (bad !== undefined || uuids.length === 0) throw new Error(`must be integration uuids separated by commas${bad ? `, got "${bad}"` : ""}`);
  return uuids.map((u) => u.toLowerCase()).join(",");
}

export const group = defineKind({
  kind: "group",
  title: "Group",
  blurb: "Sends each alert through several of this project's integrations at once.",
  icon: groupIcon,
  transport: groupTransport,
  checkValue,
  summary: (channel) => {
    const n = memberUuids(channel.value).length;
    return `${n} integration${n === 1 ? "" : "s"}`;
  },
  setup: { page: (ctx, access, catalog) => groupFormPage(ctx, access, catalog) },
  routes: groupRoutes,
});
