// POST /realm/playgrounds and DELETE /realm/playgrounds/{id} (administrators); the list
// reaches clients through /register's realm_playgrounds.
import { guarded, handler } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { required } from "../http/declare.js";
import { raw } from "../http/params.js";
import { checkAddPlayground, doRemovePlayground } from "../actions/playgrounds.js";
import { playgroundsInRealm } from "../store/playgrounds.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

export const addPlayground = guarded(
  requireAdmin,
  handler(
    {
      name: required("name", raw({ required: true })),
      urlTemplate: required("url_template", raw({ strip: true })),
      pygmentsLanguage: required("pygments_language", raw({ required: true })),
    },
    async ({ deps, realm }, playground) => ({ id: await checkAddPlayground(deps, realm.id, playground) }),
  ),
);

export const removePlayground = guarded(
  requireAdmin,
  handler({}, async ({ deps, path, realm }) => {
    const id = pathId(path.playground_id);
    const playground = (await playgroundsInRealm(deps.db, realm.id)).find((p) => p.id === id);
    if (!playground) throw new BadRequestError("Invalid playground");
    await doRemovePlayground(deps, playground);
    return {};
  }),
);
