// Bot storage: string key/value pairs a bot keeps on the server (Zulip's BotStorageData),
// limited to 10,000,000 characters of keys and values per bot.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { botStorage, botStorageSize, deleteBotStorage, putBotStorage } from "../store/bot-storage.js";

export const BOT_STORAGE_LIMIT = 10_000_000;

const chars = (s: string) => [...s].length;
const missingKey = () => new BadRequestError("Key does not exist.");

export async function getBotStorage(deps: Pick<ChatDeps, "db">, botId: number, keys?: string[]): Promise<Record<string, string>> {
  const found = await botStorage(deps.db, botId, keys);
  if (!keys) return Object.fromEntries(found);
  if (keys.some((k) => !found.has(k))) throw missingKey();
  return Object.fromEntries(keys.map((k) => [k, found.get(k)!]));
}

export async function doPutBotStorage(deps: ChatDeps, botId: number, entries: [string, string][], limit = BOT_STORAGE_LIMIT): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await botStorage(trx, botId, entries.map(([k]) => k));
    // Zulip's set_bot_storage: each entry's new size minus what it replaces.
    let growth = 0;
    for (const [key, value] of entries) {
      const old = existing.get(key);
      growth += chars(key) + chars(value) - (old === undefined ? 0 : chars(key) + chars(old));
    }
    const size = (await botStorageSize(trx, botId)) + growth;
    if (size > limit) throw new BadRequestError(`Request exceeds storage limit by ${size - limit} characters. The limit is ${limit} characters.`);
    await putBotStorage(trx, botId, entries);
  });
}

export async function doRemoveBotStorage(deps: ChatDeps, botId: number, keys?: string[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (keys) {
      const found = await botStorage(trx, botId, keys);
      if (keys.some((k) => !found.has(k))) throw missingKey();
    }
    await deleteBotStorage(trx, botId, keys);
  });
}
