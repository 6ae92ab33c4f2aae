// The per-user sections of /register: user_status, muted_users, drafts, saved_snippets.
import type { ChatDeps } from "../deps.js";
import type { Caller } from "../http/auth.js";
import { draftsEnabled, MAX_DRAFTS_IN_REGISTER, presentDraft } from "../actions/drafts.js";
import { presentMutedUsers } from "../actions/muted-users.js";
import { presentSavedSnippet } from "../actions/saved-snippets.js";
import { realmUserStatuses } from "../actions/user-status.js";
import { draftsOf } from "../store/drafts.js";
import { savedSnippetsOf } from "../store/saved-snippets.js";

export async function userExtraSections(deps: ChatDeps, caller: Caller, wants: (name: string) => boolean): Promise<Record<string, unknown>> {
  const { db } = deps;
  const { user, realm } = caller;
  const out: Record<string, unknown> = {};
  if (wants("user_status")) out.user_status = await realmUserStatuses(deps, realm.id);
  if (wants("muted_users")) out.muted_users = await presentMutedUsers(db, user.id);
  if (wants("drafts")) out.drafts = (await draftsEnabled(deps, user.id)) ? (await draftsOf(db, user.id, MAX_DRAFTS_IN_REGISTER)).map(presentDraft) : [];
  if (wants("saved_snippets")) out.saved_snippets = (await savedSnippetsOf(db, user.id)).map(presentSavedSnippet);
  return out;
}
