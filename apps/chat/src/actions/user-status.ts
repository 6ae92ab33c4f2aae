// User status (text and emoji) and the deprecated `away` flag, which since Zulip 6.0 is only
// another way of writing the user's presence_enabled setting (away = !presence_enabled).
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { checkEmoji, emojiByName, type CustomEmojiLookup } from "../lib/emoji.js";
import { usersWithSettingOff } from "../store/settings.js";
import { activeUserStatuses, saveUserStatus, userStatus, type UserStatusRow } from "../store/user-status.js";
import type { User } from "../store/users.js";
import { activeUserIds, publish } from "./publish.js";
import { doChangeUserSettings } from "./settings.js";

export const MAX_STATUS_TEXT_LENGTH = 60;

export interface StatusRequest {
  away?: boolean;
  statusText?: string;
  emojiName?: string;
  emojiCode?: string;
  reactionType?: string;
}

/** A checked change: emoji fields are all set or all absent. */
export interface StatusChange {
  away?: boolean;
  statusText?: string;
  emoji?: { name: string; code: string; type: string };
}

/** Zulip's update_user_status_backend checks, in its order. */
export function checkStatusRequest(request: StatusRequest, custom: CustomEmojiLookup): StatusChange {
  const { away, emojiName } = request;
  const statusText = request.statusText?.trim();
  if (away === undefined && statusText === undefined && emojiName === undefined) throw new BadRequestError("Client did not pass any new values.");
  let emoji: StatusChange["emoji"];
  if (emojiName === "") {
    // An empty name clears the emoji, whatever code and type came with it.
    emoji = { name: "", code: "", type: "unicode_emoji" };
  } else if (emojiName !== undefined) {
    let { emojiCode: code, reactionType: type } = request;
    if (code === undefined || type === undefined) {
      const found = emojiByName(emojiName, custom);
      code ??= found.emojiCode;
      type ??= found.reactionType;
    }
    checkEmoji(emojiName, code, type, custom);
    emoji = { name: emojiName, code, type };
  } else if (request.emojiCode || request.reactionType) {
    throw new BadRequestError("Client must pass emoji_name if they pass either emoji_code or reaction_type.");
  }
  return { away, statusText, emoji };
}

export async function doUpdateUserStatus(deps: ChatDeps, user: User, change: StatusChange, now: number): Promise<void> {
  if (change.away !== undefined) await doChangeUserSettings(deps, user, { presence_enabled: !change.away });
  const { stamp } = await deps.events.transaction(async (trx) => {
    const current = await userStatus(trx, user.id);
    const row: UserStatusRow = {
      user_id: user.id,
      status_text: change.statusText ?? current?.status_text ?? "",
      emoji_name: change.emoji?.name ?? current?.emoji_name ?? "",
      emoji_code: change.emoji?.code ?? current?.emoji_code ?? "",
      reaction_type: change.emoji?.type ?? current?.reaction_type ?? "unicode_emoji",
      timestamp: now,
    };
    await saveUserStatus(trx, row);
  });
  // The event names only what the request changed.
  const event: Record<string, unknown> = { type: "user_status", user_id: user.id };
  if (change.away !== undefined) event.away = change.away;
  if (change.statusText !== undefined) event.status_text = change.statusText;
  if (change.emoji) Object.assign(event, { emoji_name: change.emoji.name, emoji_code: change.emoji.code, reaction_type: change.emoji.type });
  publish(deps, [{ event, users: await activeUserIds(deps.db, user.realm_id) }], { realmId: user.realm_id, stamp });
}

/** Zulip's format_user_status: only the keys that carry something. */
export function presentUserStatus(row: UserStatusRow | undefined, presenceEnabled: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!presenceEnabled) out.away = true;
  if (row?.status_text) out.status_text = row.status_text;
  if (row?.emoji_name) Object.assign(out, { emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: row.reaction_type });
  return out;
}

/** The /register `user_status` section: active users with a status row that says something. */
export async function realmUserStatuses(deps: Pick<ChatDeps, "db">, realmId: number): Promise<Record<string, Record<string, unknown>>> {
  const rows = await activeUserStatuses(deps.db, realmId);
  const invisible = await usersWithSettingOff(deps.db, "presence_enabled", rows.map((r) => r.user_id));
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const status = presentUserStatus(row, !invisible.has(row.user_id));
    if (Object.keys(status).length) out[String(row.user_id)] = status;
  }
  return out;
}

export async function currentUserStatus(deps: Pick<ChatDeps, "db">, userId: number): Promise<Record<string, unknown>> {
  const row = await userStatus(deps.db, userId);
  if (!row) return {};
  const invisible = await usersWithSettingOff(deps.db, "presence_enabled", [userId]);
  return presentUserStatus(row, !invisible.has(userId));
}
