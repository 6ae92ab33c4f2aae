// What a reader acting on a message needs and the first view does not carry: the emoji picker
// (with Zulip's emoji names), the message menu and the editor. Loaded when the pointer first
// comes over a message (or a message is first selected), so each is ready when clicked.
import { prefetchPicker } from "../emoji/open";
import { loadEditor } from "./EditorSlot";
import { loadMessageMenu } from "./MessageActions";

let done = false;

export function prefetchMessageTools(): void {
  if (done) return;
  done = true;
  prefetchPicker();
  void loadMessageMenu().catch(() => (done = false));
  void loadEditor().catch(() => (done = false));
}
