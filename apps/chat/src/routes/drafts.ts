// GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}; all refused while the user has turned
// drafts synchronization off.
import type { ChatDeps } from "../deps.js";
import { guarded, handler, raising, RESOURCE_NOT_FOUND, type UserContext } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { json } from "../http/params.js";
import { field, int, list, nullable, object, oneOf, optionalField, string, union, type Validator } from "../http/validators.js";
import { checkDraftsEnabled, doCreateDrafts, doDeleteDraft, doEditDraft, presentDraft, type DraftInput } from "../actions/drafts.js";
import { ParamValidationError } from "../http/errors.js";
import { draftsOf } from "../store/drafts.js";
import { pathId } from "./access.js";

const float: Validator<number> = (value, path) => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ParamValidationError(`${path} is not a float`);
  return value;
};

// Zulip's DraftData: unknown keys refused, content required and not blank.
const draft: Validator<DraftInput> = object({
  type: field(oneOf(["private", "stream", ""] as const)),
  to: field(list(int())),
  topic: field(string()),
  content: field(string({ required: true })),
  timestamp: optionalField(nullable(union(int(), float))),
});

const now = (deps: ChatDeps) => deps.clock.now().getTime();

/** Zulip's draft_endpoint: every draft endpoint is refused while synchronization is off. */
const draftEndpoint = (ctx: UserContext) => checkDraftsEnabled(ctx.deps, ctx.user.id);

export const listDrafts = guarded(draftEndpoint, handler({}, async ({ deps, user }) => {
  const drafts = (await draftsOf(deps.db, user.id)).map(presentDraft);
  return { count: drafts.length, drafts };
}));

export const createDrafts = guarded(draftEndpoint, handler({ drafts: required("drafts", json(list(draft), { ownNulCheck: true })) }, async (ctx, { drafts }) => {
  return { ids: await doCreateDrafts(ctx.deps, ctx, drafts, now(ctx.deps)) };
}));

export const editDraft = raising([RESOURCE_NOT_FOUND], guarded(draftEndpoint, handler({ draft: required("draft", json(draft, { ownNulCheck: true })) }, async (ctx, { draft: replacement }) => {
  await doEditDraft(ctx.deps, ctx, pathId(ctx.path.draft_id), replacement, now(ctx.deps));
  return {};
})));

export const deleteDraft = raising([RESOURCE_NOT_FOUND], guarded(draftEndpoint, handler({}, async (ctx) => {
  await doDeleteDraft(ctx.deps, ctx, pathId(ctx.path.draft_id));
  return {};
})));
