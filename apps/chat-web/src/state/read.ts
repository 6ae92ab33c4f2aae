// Marks messages read as they are shown: the list reports each unread message that comes into
// view and they go to POST /json/messages/flags in small batches. The counts drop at once;
// the server's update_message_flags event confirms it (and tells the other tabs).
import { api } from "../api/client";
import { setFlag } from "./messages";
import { markRead } from "./unreads";

const pending = new Set<number>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Notes a message shown on screen; false while the page is hidden (it is not read yet). */
export function seen(id: number): boolean {
  if (id <= 0 || document.visibilityState !== "visible") return false;
  pending.add(id);
  timer ??= setTimeout(flush, 250);
  return true;
}

async function flush(): Promise<void> {
  timer = null;
  const ids = [...pending];
  pending.clear();
  if (!ids.length) return;
  markRead(ids);
  setFlag(ids, "read", true);
  try {
    await api.post("/messages/flags", { messages: ids, op: "add", flag: "read" });
  } catch {
    // the next register brings the server's unread set back; nothing to undo by hand
  }
}
