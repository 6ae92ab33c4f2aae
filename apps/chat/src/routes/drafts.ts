// GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}; all refused while the user has turned
// drafts synchronization off.
import type { Api } from "../http/endpoint.js";
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

export function register(api: Api): void {
  const { deps } = api;
  const now = () => deps.clock.now().getTime();

  api.user("GET", "/drafts", async ({ user }) => {
    await checkDraftsEnabled(deps, user.id);
    const drafts = (await draftsOf(deps.db, user.id)).map(presentDraft);
    return { count: drafts.length, drafts };
  });

  api.user("POST", "/drafts", async (ctx) => {
    await checkDraftsEnabled(deps, ctx.user.id);
    const drafts = ctx.params.required("drafts", json(list(draft), { ownNulCheck: true }));
    return { ids: await doCreateDrafts(deps, ctx, drafts, now()) };
  });

  api.user("PATCH", "/drafts/:draft_id", async (ctx) => {
    await checkDraftsEnabled(deps, ctx.user.id);
    const replacement = ctx.params.required("draft", json(draft, { ownNulCheck: true }));
    await doEditDraft(deps, ctx, pathId(ctx.path.draft_id), replacement, now());
    return {};
  });

  api.user("DELETE", "/drafts/:draft_id", async (ctx) => {
    await checkDraftsEnabled(deps, ctx.user.id);
    await doDeleteDraft(deps, ctx, pathId(ctx.path.draft_id));
    return {};
  });
}
