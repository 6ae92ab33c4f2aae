// Linkifiers: GET /realm/linkifiers (anyone), PATCH /realm/linkifiers (reorder),
// POST /realm/filters, PATCH and DELETE /realm/filters/{filter_id} (administrators).
import type { Api } from "../http/endpoint.js";
import { mustBeAdmin } from "../http/errors.js";
import { json, raw, type Params } from "../http/params.js";
import { int, list, string } from "../http/validators.js";
import { isAdmin } from "../lib/roles.js";
import type { LinkifierInput } from "../lib/linkifiers.js";
import { checkAddLinkifier, checkReorderLinkifiers, checkUpdateLinkifier, doRemoveLinkifier, linkifierNotFound, presentLinkifier } from "../actions/linkifiers.js";
import { linkifiersInRealm, type RealmLinkifier } from "../store/linkifiers.js";
import type { ChatDb } from "../store/schema.js";
import { pathId } from "./access.js";

/** The linkifier fields of POST and PATCH; `current` supplies what a PATCH leaves out. */
function linkifierInput(params: Params, current?: RealmLinkifier): LinkifierInput {
  const pattern = params.required("pattern", raw());
  const urlTemplate = params.required("url_template", raw());
  // compat: an empty string clears these optional fields back to null.
  const optionalText = (name: string, fallback: string | null) => {
    const value = params.optional(name, raw());
    return value === undefined ? fallback : value === "" ? null : value;
  };
  const exampleInput = optionalText("example_input", current?.example_input ?? null);
  const reverseTemplate = optionalText("reverse_template", current?.reverse_template ?? null);
  const alternativeUrlTemplates = params.optional("alternative_url_templates", json(list(string()))) ?? (current ? (JSON.parse(current.alternative_url_templates) as string[]) : []);
  return { pattern, urlTemplate, exampleInput, reverseTemplate, alternativeUrlTemplates };
}

async function accessLinkifier(db: ChatDb, realmId: number, rawId: string | undefined): Promise<RealmLinkifier> {
  const id = pathId(rawId);
  const found = (await linkifiersInRealm(db, realmId)).find((l) => l.id === id);
  if (!found) throw linkifierNotFound();
  return found;
}

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/realm/linkifiers", async ({ realm }) => ({ linkifiers: (await linkifiersInRealm(deps.db, realm.id)).map(presentLinkifier) }));

  api.user("PATCH", "/realm/linkifiers", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const ordered = params.required("ordered_linkifier_ids", json(list(int())));
    await checkReorderLinkifiers(deps, realm.id, ordered);
    return {};
  });

  api.user("POST", "/realm/filters", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    return { id: await checkAddLinkifier(deps, realm.id, linkifierInput(params)) };
  });

  api.user("PATCH", "/realm/filters/:filter_id", async ({ params, path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const linkifier = await accessLinkifier(deps.db, realm.id, path.filter_id);
    await checkUpdateLinkifier(deps, linkifier, linkifierInput(params, linkifier));
    return {};
  });

  api.user("DELETE", "/realm/filters/:filter_id", async ({ path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    await doRemoveLinkifier(deps, await accessLinkifier(deps.db, realm.id, path.filter_id));
    return {};
  });
}
