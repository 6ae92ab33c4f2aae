// The realm's time limits on editing, moving and deleting a message (Zulip's
// zerver/actions/message_edit.py and message_delete.py).

/** Zulip allows this many seconds past a limit for the request to arrive. */
export const EDIT_LIMIT_BUFFER_SECONDS = 20;

/** Whether a message sent at `sentMs` is past a limit of `limitSeconds` (null: no limit) at `now`. */
export function pastLimit(sentMs: number, limitSeconds: number | null, now: number): boolean {
  return limitSeconds !== null && now - sentMs > (limitSeconds + EDIT_LIMIT_BUFFER_SECONDS) * 1000;
}
