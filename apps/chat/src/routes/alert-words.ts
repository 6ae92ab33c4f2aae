// GET/POST/DELETE /users/me/alert_words: each answers with the user's whole list.
import type { Api } from "../http/endpoint.js";
import { json } from "../http/params.js";
import { list, string } from "../http/validators.js";
import { doAddAlertWords, doRemoveAlertWords } from "../actions/alert-words.js";
import { alertWords } from "../store/alert-words.js";

const MAX_ALERT_WORD_LENGTH = 100;
const words = (raw: string[]) => raw.map((w) => w.trim()).filter((w) => w !== "");

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/users/me/alert_words", async ({ user }) => ({ alert_words: await alertWords(deps.db, user.id) }));

  api.user("POST", "/users/me/alert_words", async ({ params, user }) => {
    const raw = params.required("alert_words", json(list(string({ maxLength: MAX_ALERT_WORD_LENGTH }))));
    return { alert_words: await doAddAlertWords(deps, user.id, words(raw)) };
  });

  api.user("DELETE", "/users/me/alert_words", async ({ params, user }) => {
    const raw = params.required("alert_words", json(list(string())));
    return { alert_words: await doRemoveAlertWords(deps, user.id, words(raw)) };
  });
}
