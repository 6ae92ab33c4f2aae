// Alert words: matched case-insensitively, so a word differing only in case from one the user
// already has is not added twice, and removal ignores case. Each change sends the full list.
import type { ChatDeps } from "../deps.js";
import { alertWords, deleteAlertWords, insertAlertWords } from "../store/alert-words.js";
import { publish } from "./publish.js";

async function afterChange(deps: ChatDeps, userId: number): Promise<string[]> {
  const words = await alertWords(deps.db, userId);
  publish(deps, [{ event: { type: "alert_words", alert_words: words }, users: [userId] }]);
  return words;
}

export async function doAddAlertWords(deps: ChatDeps, userId: number, words: string[]): Promise<string[]> {
  const known = new Set((await alertWords(deps.db, userId)).map((w) => w.toLowerCase()));
  const fresh = new Map<string, string>();
  for (const word of words) if (!known.has(word.toLowerCase()) && !fresh.has(word.toLowerCase())) fresh.set(word.toLowerCase(), word);
  await insertAlertWords(deps.db, userId, [...fresh.values()]);
  return afterChange(deps, userId);
}

export async function doRemoveAlertWords(deps: ChatDeps, userId: number, words: string[]): Promise<string[]> {
  const drop = new Set(words.map((w) => w.toLowerCase()));
  const existing = await alertWords(deps.db, userId);
  await deleteAlertWords(deps.db, userId, existing.filter((w) => drop.has(w.toLowerCase())));
  return afterChange(deps, userId);
}
