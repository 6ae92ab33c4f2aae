// Linkifiers: GET /realm/linkifiers (anyone), PATCH /realm/linkifiers (reorder),
// POST /realm/filters, PATCH and DELETE /realm/filters/{filter_id} (administrators).
import { guarded, handler } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { int, list, string } from "../http/validators.js";
import type { LinkifierInput } from "../lib/linkifiers.js";
import { checkAddLinkifier, checkReorderLinkifiers, checkUpdateLinkifier, doRemoveLinkifier, linkifierNotFound, presentLinkifier } from "../actions/linkifiers.js";
import { linkifiersInRealm, type RealmLinkifier } from "../store/linkifiers.js";
import type { ChatDb } from "../store/schema.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

/** The linkifier fields of POST and PATCH. */
const linkifierFields = {
  pattern: required("pattern", raw()),
  urlTemplate: required("url_template", raw()),
  exampleInput: optional("example_input", raw()),
  reverseTemplate: optional("reverse_template", raw()),
  alternativeUrlTemplates: optional("alternative_url_templates", json(list(string()))),
};

type LinkifierFields = { pattern: string; urlTemplate: string; exampleInput?: string; reverseTemplate?: string; alternativeUrlTemplates?: string[] };

/** The linkifier the fields describe; `current` supplies what a PATCH leaves out. */
function linkifierInput(fields: LinkifierFields, current?: RealmLinkifier): LinkifierInput {
  // compat: an empty string clears these optional fields back to null.
  const optionalText = (value: string | undefined, fallback: string | null) => (value === undefined ? fallback : value === "" ? null : value);
  return {
    pattern: fields.pattern,
    urlTemplate: fields.urlTemplate,
    exampleInput: optionalText(fields.exampleInput, current?.example_input ?? null),
    reverseTemplate: optionalText(fields.reverseTemplate, current?.reverse_template ?? null),
    alternativeUrlTemplates: fields.alternativeUrlTemplates ?? (current ? (JSON.parse(current.alternative_url_templates) as string[]) : []),
  };
}

async function accessLinkifier(db: ChatDb, realmId: number, rawId: string | undefined): Promise<RealmLinkifier> {
  const id = pathId(rawId);
  const found = (await linkifiersInRealm(db, realmId)).find((l) => l.id === id);
  if (!found) throw linkifierNotFound();
  return found;
}

export const listLinkifiers = handler({}, async ({ deps, realm }) => ({ linkifiers: (await linkifiersInRealm(deps.db, realm.id)).map(presentLinkifier) }));

export const reorderLinkifiers = guarded(
  requireAdmin,
  handler({ ordered: required("ordered_linkifier_ids", json(list(int()))) }, async ({ deps, realm }, { ordered }) => {
    await checkReorderLinkifiers(deps, realm.id, ordered);
    return {};
  }),
);

export const addLinkifier = guarded(
  requireAdmin,
  handler(linkifierFields, async ({ deps, realm }, fields) => ({ id: await checkAddLinkifier(deps, realm.id, linkifierInput(fields)) })),
);

export const updateLinkifier = guarded(
  requireAdmin,
  handler(linkifierFields, async ({ deps, path, realm }, fields) => {
    const linkifier = await accessLinkifier(deps.db, realm.id, path.filter_id);
    await checkUpdateLinkifier(deps, linkifier, linkifierInput(fields, linkifier));
    return {};
  }),
);

export const removeLinkifier = guarded(
  requireAdmin,
  handler({}, async ({ deps, path, realm }) => {
    await doRemoveLinkifier(deps, await accessLinkifier(deps.db, realm.id, path.filter_id));
    return {};
  }),
);
