// GET/POST /saved_snippets, PATCH/DELETE /saved_snippets/{saved_snippet_id}.
import { handler, raising, RESOURCE_NOT_FOUND } from "../http/endpoint.js";
import { optional, required } from "../http/declare.js";
import { raw } from "../http/params.js";
import { doCreateSavedSnippet, doDeleteSavedSnippet, doEditSavedSnippet, MAX_SNIPPET_TITLE_LENGTH, presentSavedSnippet } from "../actions/saved-snippets.js";
import { MAX_MESSAGE_LENGTH } from "../lib/topics.js";
import { savedSnippetsOf } from "../store/saved-snippets.js";
import { pathId } from "./access.js";

const title = raw({ required: true, maxLength: MAX_SNIPPET_TITLE_LENGTH });
const content = raw({ required: true, maxLength: MAX_MESSAGE_LENGTH });

export const listSavedSnippets = handler({}, async ({ deps, user }) => ({ saved_snippets: (await savedSnippetsOf(deps.db, user.id)).map(presentSavedSnippet) }));

export const createSavedSnippet = handler({ title: required("title", title), content: required("content", content) }, async ({ deps, user }, args) => ({
  saved_snippet_id: await doCreateSavedSnippet(deps, user, args.title, args.content, deps.clock.now().getTime()),
}));

export const editSavedSnippet = raising([RESOURCE_NOT_FOUND], handler({ title: optional("title", title), content: optional("content", content) }, async ({ deps, path, user }, changes) => {
  await doEditSavedSnippet(deps, user, pathId(path.saved_snippet_id), changes);
  return {};
}));

export const deleteSavedSnippet = raising([RESOURCE_NOT_FOUND], handler({}, async ({ deps, path, user }) => {
  await doDeleteSavedSnippet(deps, user, pathId(path.saved_snippet_id));
  return {};
}));
