// /navigation_views (FL 390), keyed by fragment. A fragment holds slashes ("narrow/is/alerted"),
// which clients send as they are or percent-encoded, so the path ends in a wildcard.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { accessNavigationView, checkAddNavigationView, checkUpdateNavigationView, doRemoveNavigationView } from "../actions/navigation-views.js";
import { presentNavigationView } from "../present/navigation-view.js";
import { navigationViews } from "../store/navigation-views.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/navigation_views", async ({ user }) => ({ navigation_views: (await navigationViews(deps.db, user.id)).map(presentNavigationView) }));

  api.user("POST", "/navigation_views", async ({ params, user }) => {
    const fragment = params.required("fragment", raw({ required: true }));
    const isPinned = params.required("is_pinned", json(bool));
    const name = params.optional("name", raw({ required: true }));
    await checkAddNavigationView(deps, user.id, { fragment, isPinned, name: name ?? null });
    return {};
  });

  api.user("PATCH", "/navigation_views/*", async ({ params, path, user }) => {
    const view = await accessNavigationView(deps, user.id, path["*"] ?? "");
    const isPinned = params.optional("is_pinned", json(bool));
    const name = params.optional("name", raw({ required: true }));
    if (isPinned === undefined && name === undefined) throw new BadRequestError("At least one of is_pinned or name must be provided.");
    await checkUpdateNavigationView(deps, view, { isPinned, name });
    return {};
  });

  api.user("DELETE", "/navigation_views/*", async ({ path, user }) => {
    await doRemoveNavigationView(deps, await accessNavigationView(deps, user.id, path["*"] ?? ""));
    return {};
  });
}
