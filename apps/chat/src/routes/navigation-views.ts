// /navigation_views (FL 390), keyed by fragment. A fragment holds slashes ("narrow/is/alerted"),
// which clients send as they are or percent-encoded, so the path ends in a wildcard.
import { handler, raising } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { accessNavigationView, checkAddNavigationView, checkUpdateNavigationView, doRemoveNavigationView } from "../actions/navigation-views.js";
import { presentNavigationView } from "../present/navigation-view.js";
import { navigationViews } from "../store/navigation-views.js";

export const listNavigationViews = handler({}, async ({ deps, user }) => ({ navigation_views: (await navigationViews(deps.db, user.id)).map(presentNavigationView) }));

export const addNavigationView = handler(
  { fragment: required("fragment", raw({ required: true })), isPinned: required("is_pinned", json(bool)), name: optional("name", raw({ required: true })) },
  async ({ deps, user }, { fragment, isPinned, name }) => {
    await checkAddNavigationView(deps, user.id, { fragment, isPinned, name: name ?? null });
    return {};
  },
);

export const updateNavigationView = raising(["NOT_FOUND"], handler(
  { isPinned: optional("is_pinned", json(bool)), name: optional("name", raw({ required: true })) },
  async ({ deps, path, user }, { isPinned, name }) => {
    const view = await accessNavigationView(deps, user.id, path["*"] ?? "");
    if (isPinned === undefined && name === undefined) throw new BadRequestError("At least one of is_pinned or name must be provided.");
    await checkUpdateNavigationView(deps, view, { isPinned, name });
    return {};
  },
));

export const removeNavigationView = raising(["NOT_FOUND"], handler({}, async ({ deps, path, user }) => {
  await doRemoveNavigationView(deps, await accessNavigationView(deps, user.id, path["*"] ?? ""));
  return {};
}));
