// Trello: a card added to a list when a check goes down (transport.ts), set up through
// Trello's authorization (routes.ts), which needs an API key (settings.ts). Stored as the
// upstream stores it: {"board_name", "list_id", "list_name", "token"}.
import { defineKind } from "../kind.js";
import { parseConfig, str } from "../form.js";
import { jsonObject, requiredString } from "../values.js";
import { setupPage, trelloRoutes } from "./routes.js";
import { trelloSettings } from "./settings.js";
import { trelloTransport } from "./transport.js";
import { trelloIcon } from "./icon.js";

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  const token = requiredString(doc.token, "token");
  const listId = requiredString(doc.list_id, "list_id");
  if (!/^[0-9a-fA-F]{16,32}$/.test(listId)) throw new Error("list_id must be a Trello list id (16 to 32 hex digits)");
  return JSON.stringify({ board_name: str(doc.board_name), list_id: listId, list_name: str(doc.list_name), token });
}

export const trello = defineKind({
  kind: "trello",
  title: "Trello",
  blurb: "Adds a card to a Trello list when a check goes down.",
  icon: trelloIcon,
  settings: trelloSettings,
  transport: trelloTransport,
  checkValue,
  summary(channel) {
    const c = parseConfig(channel.value);
    return `${str(c.board_name)} › ${str(c.list_name)}`;
  },
  setup: { page: setupPage },
  routes: trelloRoutes,
});
