// Personal navigation views; every change is announced to the user's own clients.
import { isUniqueViolation } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { isBuiltInView } from "../lib/navigation-views.js";
import { presentNavigationView } from "../present/navigation-view.js";
import { deleteNavigationView, insertNavigationView, navigationView, updateNavigationView, type NavigationView } from "../store/navigation-views.js";
import { publish } from "./publish.js";

const builtInNamed = () => new BadRequestError("Built-in views cannot have a custom name");

export async function accessNavigationView(deps: ChatDeps, userId: number, fragment: string): Promise<NavigationView> {
  const view = await navigationView(deps.db, userId, fragment);
  if (!view) throw new ZulipError("Navigation view does not exist.", { status: 404, code: "NOT_FOUND" });
  return view;
}

export async function checkAddNavigationView(deps: ChatDeps, userId: number, input: { fragment: string; isPinned: boolean; name: string | null }): Promise<void> {
  if (isBuiltInView(input.fragment)) {
    if (input.name !== null) throw builtInNamed();
  } else if (input.name === null) {
    throw new BadRequestError("Custom views must have a name");
  }
  if (await navigationView(deps.db, userId, input.fragment)) throw new BadRequestError("Navigation view already exists.");
  await insertNavigationView(deps.db, { user_id: userId, fragment: input.fragment, is_pinned: input.isPinned ? 1 : 0, name: input.name }).catch((error: unknown) => {
    // A concurrent add of the same fragment won; the unique index refused this one.
    if (isUniqueViolation(error)) throw new BadRequestError("Navigation view already exists.");
    throw error;
  });
  const view = (await navigationView(deps.db, userId, input.fragment))!;
  publish(deps, [{ event: { type: "navigation_view", op: "add", navigation_view: presentNavigationView(view) }, users: [userId] }]);
}

export async function checkUpdateNavigationView(deps: ChatDeps, view: NavigationView, changes: { isPinned?: boolean; name?: string }): Promise<void> {
  if (changes.name !== undefined && isBuiltInView(view.fragment)) throw builtInNamed();
  const data: Record<string, unknown> = {};
  if (changes.isPinned !== undefined) data.is_pinned = changes.isPinned;
  if (changes.name !== undefined) data.name = changes.name;
  await updateNavigationView(deps.db, view.id, {
    ...(changes.isPinned !== undefined ? { is_pinned: changes.isPinned ? 1 : 0 } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
  });
  publish(deps, [{ event: { type: "navigation_view", op: "update", fragment: view.fragment, data }, users: [view.user_id] }]);
}

export async function doRemoveNavigationView(deps: ChatDeps, view: NavigationView): Promise<void> {
  await deleteNavigationView(deps.db, view.id);
  publish(deps, [{ event: { type: "navigation_view", op: "remove", fragment: view.fragment }, users: [view.user_id] }]);
}
