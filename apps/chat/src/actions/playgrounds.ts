// Code playgrounds. Zulip validates the model (field validators, then clean(), then the
// uniqueness of realm + language + name) and reports the first failure with an `errors` map.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { templateVariables } from "../lib/url-template.js";
import { deletePlayground, insertPlayground, playgroundsInRealm, type RealmPlayground } from "../store/playgrounds.js";
import { activeUserIds, publish } from "./publish.js";
import { lockRealmNames } from "./realm-locks.js";

const invalid = (field: string, msg: string) => new BadRequestError(msg, { errors: { [field]: [msg] } });

export const presentPlayground = (p: RealmPlayground) => ({ id: p.id, name: p.name, pygments_language: p.pygments_language, url_template: p.url_template });

export async function checkAddPlayground(deps: ChatDeps, realmId: number, input: { name: string; pygmentsLanguage: string; urlTemplate: string }): Promise<number> {
  if (!/^[ a-zA-Z0-9_+\-./#]*$/.test(input.pygmentsLanguage)) throw invalid("pygments_language", "Invalid characters in pygments language");
  const variables = templateVariables(input.urlTemplate);
  if (variables === null) throw invalid("url_template", "Invalid URL template.");
  if (variables.length !== 1 || variables[0] !== "code") throw invalid("__all__", '"code" should be the only variable present in the URL template');
  const id = await deps.db.transaction().execute(async (trx) => {
    // Under the realm's lock, so two concurrent adds cannot both find the name free.
    await lockRealmNames(trx, deps.dialect, realmId, "playgrounds");
    const existing = await playgroundsInRealm(trx, realmId);
    if (existing.some((p) => p.name === input.name && p.pygments_language === input.pygmentsLanguage)) {
      throw invalid("__all__", "Realm playground with this Realm, Pygments language and Name already exists.");
    }
    return insertPlayground(trx, { realm_id: realmId, name: input.name, pygments_language: input.pygmentsLanguage, url_template: input.urlTemplate });
  });
  await notifyPlaygrounds(deps, realmId);
  return id;
}

export async function doRemovePlayground(deps: ChatDeps, playground: RealmPlayground): Promise<void> {
  await deletePlayground(deps.db, playground.id);
  await notifyPlaygrounds(deps, playground.realm_id);
}

async function notifyPlaygrounds(deps: ChatDeps, realmId: number): Promise<void> {
  const all = (await playgroundsInRealm(deps.db, realmId)).map(presentPlayground);
  publish(deps, [{ event: { type: "realm_playgrounds", realm_playgrounds: all }, users: await activeUserIds(deps.db, realmId) }]);
}
