// Matrix: messages posted to a room by a bot account (transport.ts, settings.ts), which
// joins the room when the integration is added (routes.ts). Stored as the upstream stores
// it: the bare room id, "!abc:matrix.org".
import { defineKind } from "../kind.js";
import { matrixRoutes, setupPage } from "./routes.js";
import { matrixSettings } from "./settings.js";
import { matrixTransport } from "./transport.js";
import { matrixIcon } from "./icon.js";

/** A room id, as the homeserver gave it when the bot joined (the CLI cannot join for you). */
function checkValue(raw: string): string {
  const roomId = raw.trim();
  if (!/^![^\s:]+:\S+$/.test(roomId)) throw new Error("--value must be a Matrix room id, !abc:example.org (invite the bot and let it join first)");
  return roomId;
}

export const matrix = defineKind({
  kind: "matrix",
  title: "Matrix",
  blurb: "Posts to a Matrix room through a bot account.",
  icon: matrixIcon,
  settings: matrixSettings,
  transport: matrixTransport,
  checkValue,
  summary: (channel) => channel.value,
  setup: { page: setupPage },
  routes: matrixRoutes,
});
