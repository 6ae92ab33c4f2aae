// Organization-level administration: a test of the custom Welcome Bot message, and
// deactivating the organization.
import type { ChatDeps } from "../deps.js";
import { BOT_DEFAULT, ROLE_MEMBER } from "../lib/roles.js";
import { normalizeContent } from "../lib/topics.js";
import type { Realm } from "../store/realms.js";
import { deactivateRealm } from "../store/realm-admin.js";
import { insertUser, userByEmail, type User } from "../store/users.js";
import { messageScope } from "./message-context.js";
import { activeUserIds, publish } from "./publish.js";
import { checkSendMessage, doSendMessage } from "./send-message.js";

export const WELCOME_BOT_EMAIL = "welcome-bot@zulip.com";

/** Zulip's Welcome Bot lives in its internal realm; here each realm gets one on first use. */
async function welcomeBot(deps: ChatDeps, realmId: number, now: number): Promise<User> {
  const existing = await userByEmail(deps.db, realmId, WELCOME_BOT_EMAIL);
  if (existing) return existing;
  try {
    await insertUser(deps.db, {
      realm_id: realmId,
      email: WELCOME_BOT_EMAIL,
      delivery_email: WELCOME_BOT_EMAIL,
      email_key: WELCOME_BOT_EMAIL,
      full_name: "Welcome Bot",
      role: ROLE_MEMBER,
      is_active: 1,
      is_bot: 1,
      bot_type: BOT_DEFAULT,
      bot_owner_id: null,
      date_joined: now,
      password_hash: null,
      timezone: "",
      avatar_version: 1,
      default_all_public_streams: 0,
      default_sending_stream_id: null,
      default_events_register_stream_id: null,
    });
  } catch (error) {
    // Created by a concurrent request: the (realm, email) index is unique.
    if (!(await userByEmail(deps.db, realmId, WELCOME_BOT_EMAIL))) throw error;
  }
  return (await userByEmail(deps.db, realmId, WELCOME_BOT_EMAIL))!;
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
  await deactivateRealm(deps.db, realm.id);
  // Every request of the realm now fails authentication (http/auth.ts reads the realm row).
  publish(deps, [{ event: { type: "realm", op: "deactivated", realm_id: realm.id }, users }]);
}
