// Alert words: matched case-insensitively, so a word differing only in case from one the user
// already has is not added twice, and removal ignores case. Each change sends the full list.
import { lockForTransaction } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { alertWords, deleteAlertWords, insertAlertWords } from "../store/alert-words.js";
import { publish } from "./publish.js";

async function afterChange(deps: ChatDeps, userId: number): Promise<string[]> {
  const words = await alertWords(deps.db, userId);
  publish(deps, [{ event: { type: "alert_words", alert_words: words }, users: [userId] }]);
  return words;
}

export async function doAddAlertWords(deps: ChatDeps, userId: number, words: string[]): Promise<string[]> {
  await deps.db.transaction().execute(async (trx) => {
    // Two adds of one word at once (two tabs, two processes) must not both find it new.
    await lockForTransaction(trx, deps.dialect, `chat.alert-words.${userId}`);
    const known = new Set((await alertWords(trx, userId)).map((w) => w.toLowerCase()));
    const fresh = new Map<string, string>();
    for (const word of words) if (!known.has(word.toLowerCase()) && !fresh.has(word.toLowerCase())) fresh.set(word.toLowerCase(), word);
    await insertAlertWords(trx, userId, [...fresh.values()]);
  });
  return afterChange(deps, userId);
}

export async function doRemoveAlertWords(deps: ChatDeps, userId: number, words: string[]): Promise<string[]> {
  const drop = new Set(words.map((w) => w.toLowerCase()));
  const existing = await alertWords(deps.db, userId);
  await deleteAlertWords(deps.db, userId, existing.filter((w) => drop.has(w.toLowerCase())));
  return afterChange(deps, userId);
}
