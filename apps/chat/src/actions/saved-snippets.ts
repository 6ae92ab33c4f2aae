// Saved snippets: reusable message texts of one user, synchronized through saved_snippets events.
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import { ResourceNotFoundError } from "../http/errors.js";
import { deleteSavedSnippet, insertSavedSnippet, savedSnippetById, updateSavedSnippet, type SavedSnippet } from "../store/saved-snippets.js";
import type { User } from "../store/users.js";

export const MAX_SNIPPET_TITLE_LENGTH = 60;

export const presentSavedSnippet = (s: SavedSnippet) => ({ id: s.id, title: s.title, content: s.content, date_created: Math.floor(s.date_created / 1000) });

const snippetEvent = (op: string, body: Record<string, unknown>) => ({ type: "saved_snippets", op, ...body });

export async function doCreateSavedSnippet(deps: ChatDeps, user: User, title: string, content: string, now: number): Promise<number> {
  const { value: snippet, stamp } = await deps.events.transaction((trx) => insertSavedSnippet(trx, { realm_id: user.realm_id, user_id: user.id, title, content, date_created: now }));
  publish(deps, [{ event: snippetEvent("add", { saved_snippet: presentSavedSnippet(snippet) }), users: [user.id] }], { realmId: user.realm_id, stamp });
  return snippet.id;
}

async function accessSavedSnippet(deps: ChatDeps, user: User, id: number | undefined): Promise<SavedSnippet> {
  const snippet = id === undefined ? undefined : await savedSnippetById(deps.db, user.id, id);
  if (!snippet) throw new ResourceNotFoundError("Saved snippet does not exist.");
  return snippet;
}

export async function doEditSavedSnippet(deps: ChatDeps, user: User, id: number | undefined, changes: { title?: string; content?: string }): Promise<void> {
  // compat: nothing to change answers success before the id is even looked up (no event).
  if (changes.title === undefined && changes.content === undefined) return;
  const snippet = await accessSavedSnippet(deps, user, id);
  const next = { ...snippet, ...(changes.title !== undefined && { title: changes.title }), ...(changes.content !== undefined && { content: changes.content }) };
  const { stamp } = await deps.events.transaction((trx) => updateSavedSnippet(trx, snippet.id, { title: next.title, content: next.content }));
  publish(deps, [{ event: snippetEvent("update", { saved_snippet: presentSavedSnippet(next) }), users: [user.id] }], { realmId: user.realm_id, stamp });
}

export async function doDeleteSavedSnippet(deps: ChatDeps, user: User, id: number | undefined): Promise<void> {
  const snippet = await accessSavedSnippet(deps, user, id);
  const { stamp } = await deps.events.transaction((trx) => deleteSavedSnippet(trx, snippet.id));
  publish(deps, [{ event: snippetEvent("remove", { saved_snippet_id: snippet.id }), users: [user.id] }], { realmId: user.realm_id, stamp });
}
