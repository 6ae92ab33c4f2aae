// Organization-level administration: a test of the custom Welcome Bot message, and
// deactivating the organization.
import type { ChatDeps } from "../deps.js";
import { normalizeContent } from "../lib/topics.js";
import type { Realm } from "../store/realms.js";
import { deactivateRealm } from "../store/realm-admin.js";
import type { User } from "../store/users.js";
import { messageScope } from "./message-context.js";
import { doEndRealmSessions } from "./sessions.js";
import { systemBot } from "./notification-bot.js";
import { activeUserIds, publish } from "./publish.js";
import { checkSendMessage, doSendMessage } from "./send-message.js";

export const WELCOME_BOT_EMAIL = "welcome-bot@zulip.com";

/** Zulip's Welcome Bot, one per realm here. */
function welcomeBot(deps: ChatDeps, realmId: number, now: number): Promise<User> {
  return systemBot(deps, realmId, WELCOME_BOT_EMAIL, "Welcome Bot", now);
}

/** Sends the custom welcome text to the administrator testing it, as new users would get it. */
export async function doSendTestWelcomeMessage(deps: ChatDeps, realm: Realm, admin: User, text: string): Promise<number> {
  const now = deps.clock.now().getTime();
  const bot = await welcomeBot(deps, realm.id, now);
  const scope = await messageScope(deps, realm, bot);
  const checked = await checkSendMessage(deps, { scope, target: { kind: "private", recipients: [admin] }, content: normalizeContent(text), client: "Internal", readBySender: false, now, internal: true });
  return (await doSendMessage(deps, checked)).id;
}

export async function doDeactivateRealm(deps: ChatDeps, realm: Realm): Promise<void> {
  const users = await activeUserIds(deps.db, realm.id);
  await deps.db.transaction().execute(async (trx) => {
    await deactivateRealm(trx, realm.id);
    await doEndRealmSessions(trx, realm.id);
  });
  // Every request of the realm now fails authentication (http/auth.ts reads the realm row).
  publish(deps, [{ event: { type: "realm", op: "deactivated", realm_id: realm.id }, users }]);
}
