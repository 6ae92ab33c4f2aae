// Realm linkifiers (Zulip's RealmFilter): add, update, remove, reorder. Every change sends the
// whole ordered list as a realm_linkifiers event to the realm's users; the renderer picks the
// new list up through the realm-state cache (the table bumps the state version).
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { checkLinkifier, type LinkifierInput } from "../lib/linkifiers.js";
import { deleteLinkifier, insertLinkifier, linkifiersInRealm, updateLinkifier, type RealmLinkifier } from "../store/linkifiers.js";
import { activeUserIds, publish } from "./publish.js";
import { lockRealmNames } from "./realm-locks.js";
import type { ChatDb } from "../store/schema.js";

export const presentLinkifier = (l: RealmLinkifier) => ({
  pattern: l.pattern,
  url_template: l.url_template,
  id: l.id,
  example_input: l.example_input,
  reverse_template: l.reverse_template,
  alternative_url_templates: JSON.parse(l.alternative_url_templates) as string[],
});

export const linkifierNotFound = () => new BadRequestError("Linkifier not found.");

function validate(input: LinkifierInput): void {
  const problem = checkLinkifier(input);
  // ValidationFailureError: the first message, and the model's error map.
  if (problem) throw new BadRequestError(problem.msg, { errors: { [problem.field]: [problem.msg] } });
}

/** Under the realm's lock (taken here), so two concurrent adds of one pattern cannot both pass. */
async function checkUnique(deps: ChatDeps, trx: ChatDb, realmId: number, pattern: string, exceptId?: number): Promise<void> {
  await lockRealmNames(trx, deps.dialect, realmId, "linkifiers");
  const existing = await linkifiersInRealm(trx, realmId);
  if (existing.some((l) => l.pattern === pattern && l.id !== exceptId)) {
    const msg = "Realm filter with this Realm and Pattern already exists.";
    throw new BadRequestError(msg, { errors: { __all__: [msg] } });
  }
}

export async function checkAddLinkifier(deps: ChatDeps, realmId: number, input: LinkifierInput): Promise<number> {
  validate(input);
  const id = await deps.db.transaction().execute(async (trx) => {
    await checkUnique(deps, trx, realmId, input.pattern);
    return insertLinkifier(trx, {
      realm_id: realmId,
      pattern: input.pattern,
      url_template: input.urlTemplate,
      example_input: input.exampleInput,
      reverse_template: input.reverseTemplate,
      alternative_url_templates: JSON.stringify(input.alternativeUrlTemplates),
    });
  });
  await notifyLinkifiers(deps, realmId);
  return id;
}

export async function checkUpdateLinkifier(deps: ChatDeps, linkifier: RealmLinkifier, input: LinkifierInput): Promise<void> {
  validate(input);
  await deps.db.transaction().execute(async (trx) => {
    await checkUnique(deps, trx, linkifier.realm_id, input.pattern, linkifier.id);
    await updateLinkifier(trx, linkifier.id, {
      pattern: input.pattern,
      url_template: input.urlTemplate,
      example_input: input.exampleInput,
      reverse_template: input.reverseTemplate,
      alternative_url_templates: JSON.stringify(input.alternativeUrlTemplates),
    });
  });
  await notifyLinkifiers(deps, linkifier.realm_id);
}

export async function doRemoveLinkifier(deps: ChatDeps, linkifier: RealmLinkifier): Promise<void> {
  await deleteLinkifier(deps.db, linkifier.id);
  await notifyLinkifiers(deps, linkifier.realm_id);
}

export async function checkReorderLinkifiers(deps: ChatDeps, realmId: number, orderedIds: number[]): Promise<void> {
  const existing = await linkifiersInRealm(deps.db, realmId);
  const known = new Set(existing.map((l) => l.id));
  if (orderedIds.length !== known.size || new Set(orderedIds).size !== orderedIds.length || orderedIds.some((id) => !known.has(id))) {
    throw new BadRequestError("The ordered list must enumerate all existing linkifiers exactly once");
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const [order, id] of orderedIds.entries()) await updateLinkifier(trx, id, { order });
  });
  await notifyLinkifiers(deps, realmId);
}

async function notifyLinkifiers(deps: ChatDeps, realmId: number): Promise<void> {
  const all = (await linkifiersInRealm(deps.db, realmId)).map(presentLinkifier);
  publish(deps, [{ event: { type: "realm_linkifiers", realm_linkifiers: all }, users: await activeUserIds(deps.db, realmId) }]);
}
