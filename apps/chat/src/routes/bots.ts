// Bots: create (generic, incoming or outgoing webhook), list the caller's bots, deactivate.
import { guarded, handler } from "../http/endpoint.js";
import { BadRequestError, insufficientPermission } from "../http/errors.js";
import { accepted, optional, required, withDefault } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import { createUser, setUserActive } from "../actions/users.js";
import { checkFullName } from "../actions/user-checks.js";
import { realmEmailDomain } from "../config.js";
import { GroupGraph } from "../lib/group-graph.js";
import { INTERFACE_GENERIC, INTERFACE_SLACK } from "../actions/outgoing-webhooks.js";
import { generateApiKey } from "../lib/secrets.js";
import { insertBotService, servicesInRealm, type BotService } from "../store/outgoing-webhooks.js";
import { BOT_DEFAULT, BOT_INCOMING_WEBHOOK, BOT_OUTGOING_WEBHOOK, isAdmin, ROLE_MEMBER } from "../lib/roles.js";
import { avatarUrl } from "../present/user.js";
import { presentServices } from "../present/bot-services.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { realmGroupSettings } from "../store/realms.js";
import { userByEmail, userInRealm, usersInRealm, type User } from "../store/users.js";
import { pathId } from "./access.js";
import { requireMember } from "./guards.js";

export const createBot = guarded(
  requireMember,
  handler(
    {
      fullName: required("full_name", raw()),
      shortName: required("short_name", raw()),
      botType: withDefault("bot_type", json(int()), BOT_DEFAULT),
      configData: accepted("config_data"),
      // compat: clients send payload_url JSON-encoded (the web app) or plain.
      payloadUrl: withDefault("payload_url", raw(), ""),
      serviceName: withDefault("service_name", raw(), ""),
      interfaceType: withDefault("interface_type", json(int()), INTERFACE_GENERIC),
      defaultAllPublicStreams: optional("default_all_public_streams", json(bool)),
    },
    async ({ deps, user, realm }, { fullName, botType, payloadUrl, serviceName, interfaceType, ...args }) => {
      const { db, clock, config } = deps;
      const shortName = args.shortName.trim();
      if (botType !== BOT_DEFAULT && botType !== BOT_INCOMING_WEBHOOK && botType !== BOT_OUTGOING_WEBHOOK) throw new BadRequestError("Invalid bot type");
      const baseUrl = botType === BOT_OUTGOING_WEBHOOK ? checkPayloadUrl(payloadUrl) : "";
      if (botType === BOT_OUTGOING_WEBHOOK && interfaceType !== INTERFACE_GENERIC && interfaceType !== INTERFACE_SLACK) throw new BadRequestError("Invalid interface type");
      const settings = await realmGroupSettings(db, realm.id);
      const graph = new GroupGraph(await groupSnapshot(db, realm.id));
      const setting = botType === BOT_INCOMING_WEBHOOK ? ["can_create_write_only_bots_group", "can_create_bots_group"] : ["can_create_bots_group"];
      if (!setting.some((name) => graph.isMember(user.id, settings[name]))) throw insufficientPermission();
      if (!shortName || !/^[A-Za-z0-9._+-]+$/.test(shortName)) throw new BadRequestError("Bad name or username");
      const name = checkFullName(fullName);
      // Bot emails live on the realm's own host: `<short name>-bot@<realm host>`.
      const email = `${shortName}-bot@${realmEmailDomain(config, realm.string_id)}`;
      if (await userByEmail(db, realm.id, email)) throw new BadRequestError("Username already in use");
      const created = await createUser(deps, { realmId: realm.id, email, fullName: name, role: ROLE_MEMBER, botType, botOwnerId: user.id, now: clock.now().getTime() }, "Username already in use");
      if (botType === BOT_OUTGOING_WEBHOOK) {
        await insertBotService(db, { realm_id: realm.id, bot_id: created.userId, name: serviceName || shortName, base_url: baseUrl, token: generateApiKey(), interface: interfaceType });
      }
      const bot = (await userInRealm(db, realm.id, created.userId))!;
      return {
        user_id: bot.id,
        api_key: created.apiKey,
        avatar_url: avatarUrl(bot, false),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      };
    },
  ),
);

export const listBots = handler({}, async ({ deps, user, realm }) => {
  const [everyone, services] = await Promise.all([usersInRealm(deps.db, realm.id), servicesInRealm(deps.db, realm.id)]);
  const bots = everyone.filter((u) => u.is_bot && u.is_active && u.bot_owner_id === user.id);
  return { bots: bots.map((bot) => presentBot(bot, everyone, services.get(bot.id))) };
});

export const deactivateBot = handler({}, async ({ deps, path, user, realm }) => {
  const id = pathId(path.bot_id);
  const bot = id === undefined ? undefined : await userInRealm(deps.db, realm.id, id);
  if (!bot || !bot.is_bot || !bot.is_active) throw new BadRequestError("No such bot");
  if (bot.bot_owner_id !== user.id && !isAdmin(user)) throw insufficientPermission();
  await setUserActive(deps, bot, false);
  return {};
});

/** The payload URL of an outgoing webhook bot, JSON-encoded or plain (Zulip's check_url). */
function checkPayloadUrl(value: string): string {
  let url = value;
  if (value.startsWith('"')) {
    try {
      url = String(JSON.parse(value));
    } catch {
      throw new BadRequestError("payload_url is not valid JSON");
    }
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) throw new BadRequestError("payload_url is not a URL");
  return url;
}

function presentBot(bot: User, users: User[], service: BotService | undefined) {
  const owner = users.find((u) => u.id === bot.bot_owner_id);
  return {
    username: bot.email,
    full_name: bot.full_name,
    avatar_url: avatarUrl(bot, false),
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: Boolean(bot.default_all_public_streams),
    owner: owner?.email ?? null,
    bot_type: bot.bot_type,
    is_active: Boolean(bot.is_active),
    user_id: bot.id,
    services: presentServices(service),
  };
}
