// Drafts synchronized between a user's clients. Only kept while the user's
// enable_drafts_synchronization setting is on (turning it off deletes them, as in Zulip).
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError, ResourceNotFoundError } from "../http/errors.js";
import { MAX_TOPIC_LENGTH, normalizeContent, truncate } from "../lib/topics.js";
import { userSettingValues } from "../store/settings.js";
import { deleteDraft, draftById, insertDrafts, updateDraft, type DraftRow, type DraftValues } from "../store/drafts.js";
import { usersByIds } from "../store/users.js";
import { channelVisible, messageScope } from "./message-context.js";

/** At most this many drafts are sent in /register (settings.MAX_DRAFTS_IN_REGISTER_RESPONSE). */
export const MAX_DRAFTS_IN_REGISTER = 1000;

export interface DraftInput {
  type: "" | "stream" | "private";
  to: number[];
  topic: string;
  content: string;
  /** seconds, possibly fractional; the current time when absent */
  timestamp?: number | null;
}

export function presentDraft(row: DraftRow) {
  return {
    id: row.id,
    type: row.type,
    to: JSON.parse(row.to_ids) as number[],
    topic: row.topic,
    content: row.content,
    timestamp: Math.floor(row.last_edit_time / 1000),
  };
}

export async function draftsEnabled(deps: Pick<ChatDeps, "db">, userId: number): Promise<boolean> {
  return (await userSettingValues(deps.db, userId)).enable_drafts_synchronization !== false;
}

export async function checkDraftsEnabled(deps: Pick<ChatDeps, "db">, userId: number): Promise<void> {
  if (!(await draftsEnabled(deps, userId))) throw new BadRequestError("User has disabled synchronizing drafts.");
}

/** Zulip's further_validated_draft_dict: what is stored for a syntactically valid draft. */
async function checkDraft(deps: ChatDeps, caller: Caller, draft: DraftInput, now: number): Promise<DraftValues> {
  const content = normalizeContent(draft.content);
  const seconds = draft.timestamp ?? now / 1000;
  if (seconds < 0) throw new BadRequestError("Timestamp must not be negative.");
  const last_edit_time = Math.round(seconds * 1000);
  if (draft.type === "stream") {
    const topic = truncate(draft.topic, MAX_TOPIC_LENGTH, "...");
    if (topic.includes("\u0000")) throw new BadRequestError("Topic must not contain null bytes");
    if (draft.to.length !== 1) throw new BadRequestError("Must specify exactly 1 channel ID for channel messages");
    const scope = await messageScope(deps, caller.realm, caller.user, caller.state);
    const stream = scope.streams.get(draft.to[0]!);
    if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
    return { type: "stream", to_ids: JSON.stringify([stream.id]), topic, content, last_edit_time };
  }
  if (draft.type === "private" && draft.to.length) {
    const ids = [...new Set(draft.to)];
    const users = await usersByIds(deps.db, caller.realm.id, ids);
    for (const id of ids) if (!users.some((u) => u.id === id)) throw new BadRequestError(`Invalid user ID ${id}`);
    for (const u of users) if (!u.is_active && !u.is_bot) throw new BadRequestError(`'${u.email}' is no longer using Zulip.`);
    // Stored as the conversation: the other participants, or the user alone for a note to self.
    const others = ids.filter((id) => id !== caller.user.id).sort((a, b) => a - b);
    return { type: "private", to_ids: JSON.stringify(others.length ? others : [caller.user.id]), topic: "", content, last_edit_time };
  }
  // compat: a direct message draft without recipients comes back with type "" (no conversation).
  return { type: "", to_ids: "[]", topic: "", content, last_edit_time };
}

export async function doCreateDrafts(deps: ChatDeps, caller: Caller, drafts: DraftInput[], now: number): Promise<number[]> {
  const values: DraftValues[] = [];
  for (const draft of drafts) values.push(await checkDraft(deps, caller, draft, now));
  const { value: rows, stamp } = await deps.events.transaction((trx) => insertDrafts(trx, caller.user.id, values));
  publish(deps, [{ event: { type: "drafts", op: "add", drafts: rows.map(presentDraft) }, users: [caller.user.id] }], { realmId: caller.realm.id, stamp });
  return rows.map((r) => r.id);
}

async function accessDraft(deps: ChatDeps, userId: number, id: number | undefined): Promise<DraftRow> {
  const draft = id === undefined ? undefined : await draftById(deps.db, userId, id);
  if (!draft) throw new ResourceNotFoundError("Draft does not exist");
  return draft;
}

export async function doEditDraft(deps: ChatDeps, caller: Caller, id: number | undefined, draft: DraftInput, now: number): Promise<void> {
  const existing = await accessDraft(deps, caller.user.id, id);
  const values = await checkDraft(deps, caller, draft, now);
  const { stamp } = await deps.events.transaction((trx) => updateDraft(trx, existing.id, values));
  publish(deps, [{ event: { type: "drafts", op: "update", draft: presentDraft({ ...existing, ...values } as DraftRow) }, users: [caller.user.id] }], { realmId: caller.realm.id, stamp });
}

export async function doDeleteDraft(deps: ChatDeps, caller: Caller, id: number | undefined): Promise<void> {
  const existing = await accessDraft(deps, caller.user.id, id);
  const { stamp } = await deps.events.transaction((trx) => deleteDraft(trx, existing.id));
  publish(deps, [{ event: { type: "drafts", op: "remove", draft_id: existing.id }, users: [caller.user.id] }], { realmId: caller.realm.id, stamp });
}
