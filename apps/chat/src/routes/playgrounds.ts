// POST /realm/playgrounds and DELETE /realm/playgrounds/{id} (administrators); the list
// reaches clients through /register's realm_playgrounds.
import type { Api } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin } from "../http/errors.js";
import { raw } from "../http/params.js";
import { isAdmin } from "../lib/roles.js";
import { checkAddPlayground, doRemovePlayground } from "../actions/playgrounds.js";
import { playgroundsInRealm } from "../store/playgrounds.js";
import { pathId } from "./access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/realm/playgrounds", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const name = params.required("name", raw({ required: true }));
    const urlTemplate = params.required("url_template", raw({ strip: true }));
    const pygmentsLanguage = params.required("pygments_language", raw({ required: true }));
    return { id: await checkAddPlayground(deps, realm.id, { name, pygmentsLanguage, urlTemplate }) };
  });

  api.user("DELETE", "/realm/playgrounds/:playground_id", async ({ path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const id = pathId(path.playground_id);
    const playground = (await playgroundsInRealm(deps.db, realm.id)).find((p) => p.id === id);
    if (!playground) throw new BadRequestError("Invalid playground");
    await doRemovePlayground(deps, playground);
    return {};
  });
}
