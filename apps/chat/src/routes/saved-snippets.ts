// GET/POST /saved_snippets, PATCH/DELETE /saved_snippets/{saved_snippet_id}.
import type { Api } from "../http/endpoint.js";
import { raw } from "../http/params.js";
import { doCreateSavedSnippet, doDeleteSavedSnippet, doEditSavedSnippet, MAX_SNIPPET_TITLE_LENGTH, presentSavedSnippet } from "../actions/saved-snippets.js";
import { MAX_MESSAGE_LENGTH } from "../lib/topics.js";
import { savedSnippetsOf } from "../store/saved-snippets.js";
import { pathId } from "./access.js";

const title = raw({ required: true, maxLength: MAX_SNIPPET_TITLE_LENGTH });
const content = raw({ required: true, maxLength: MAX_MESSAGE_LENGTH });

export function register(api: Api): void {
  const { deps } = api;

  api.user("GET", "/saved_snippets", async ({ user }) => ({ saved_snippets: (await savedSnippetsOf(deps.db, user.id)).map(presentSavedSnippet) }));

  api.user("POST", "/saved_snippets", async ({ params, user }) => {
    const t = params.required("title", title);
    const c = params.required("content", content);
    return { saved_snippet_id: await doCreateSavedSnippet(deps, user, t, c, deps.clock.now().getTime()) };
  });

  api.user("PATCH", "/saved_snippets/:saved_snippet_id", async ({ params, path, user }) => {
    const changes = { title: params.optional("title", title), content: params.optional("content", content) };
    await doEditSavedSnippet(deps, user, pathId(path.saved_snippet_id), changes);
    return {};
  });

  api.user("DELETE", "/saved_snippets/:saved_snippet_id", async ({ path, user }) => {
    await doDeleteSavedSnippet(deps, user, pathId(path.saved_snippet_id));
    return {};
  });
}
