// GET/POST/DELETE /users/me/alert_words: each answers with the user's whole list.
import { handler } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { json } from "../http/params.js";
import { list, string } from "../http/validators.js";
import { doAddAlertWords, doRemoveAlertWords } from "../actions/alert-words.js";
import { alertWords } from "../store/alert-words.js";

const MAX_ALERT_WORD_LENGTH = 100;
const words = (raw: string[]) => raw.map((w) => w.trim()).filter((w) => w !== "");

export const listAlertWords = handler({}, async ({ deps, user }) => ({ alert_words: await alertWords(deps.db, user.id) }));

export const addAlertWords = handler({ alertWords: required("alert_words", json(list(string({ maxLength: MAX_ALERT_WORD_LENGTH })))) }, async ({ deps, user }, args) => ({
  alert_words: await doAddAlertWords(deps, user.id, words(args.alertWords)),
}));

export const removeAlertWords = handler({ alertWords: required("alert_words", json(list(string()))) }, async ({ deps, user }, args) => ({
  alert_words: await doRemoveAlertWords(deps, user.id, words(args.alertWords)),
}));
