// Zulip's keys for reading: j/k and the arrows move the selected message (the list keeps it in
// sight and loads more past the ends), n and p go to the next unread topic and direct
// conversation, e edits the selected message, i opens its menu, : its reaction picker, Esc goes
// back to the combined feed, and ? lists every shortcut. Registered once, for the app's life.
import { FEED, narrowKey } from "../../narrow/narrow";
import { currentNarrow, go } from "../../narrow/router";
import { sortedSubscriptions } from "../../state/channels";
import { conversations } from "../../state/dms";
import { currentView, editingId, loadNewer, loadOlder, messages, selectedId } from "../../state/messages";
import { mayEditContent } from "../../state/permissions";
import { topicsByChannel } from "../../state/topics";
import { unreadCounts } from "../../state/unreads";
import { shortcut } from "../keys";
import { openModal } from "../overlays";
import { openReactionPicker } from "./attempt";
import { openMessageMenu } from "./MessageActions";
import { prefetchMessageTools } from "./prefetch";
import { rulesFor } from "./rules";
import { nextUnreadDm, nextUnreadTopic } from "./unread-order";

/** The ids of the message rows on screen, top to bottom. */
function onScreen(): number[] {
  const list = document.querySelector<HTMLElement>("[data-testid=message-list]");
  if (!list) return [];
  const box = list.getBoundingClientRect();
  return [...list.querySelectorAll<HTMLElement>("[data-message-id]")]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > box.top + 8 && r.top < box.bottom - 8;
    })
    .map((el) => Number(el.dataset.messageId));
}

/** Moves the selection by `by` messages (from what is on screen when nothing is selected yet). */
export function moveSelection(by: 1 | -1): void {
  prefetchMessageTools();
  const view = currentView.peek();
  if (!view) return;
  const ids = view.ids.peek();
  const at = selectedId.peek() === null ? -1 : ids.indexOf(selectedId.peek()!);
  if (at < 0) {
    const shown = onScreen();
    const start = by > 0 ? shown[0] : shown.at(-1);
    if (start !== undefined) selectedId.value = start;
    return;
  }
  const next = ids[at + by];
  if (next !== undefined) selectedId.value = next;
  // At an end of what is loaded: the next page comes, and a press after it moves on.
  else if (by > 0) void loadNewer(view);
  else void loadOlder(view);
}

function selectedRow(): HTMLElement | null {
  const id = selectedId.peek();
  return id === null ? null : document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
}

let installed = false;

export function installMessageShortcuts(): void {
  if (installed) return;
  installed = true;
  const nav = "Navigation";
  const msg = "Messages";
  shortcut({ key: "j", description: "Next message", group: nav, run: () => moveSelection(1) });
  shortcut({ key: "ArrowDown", description: "Next message", group: nav, run: () => moveSelection(1) });
  shortcut({ key: "k", description: "Previous message", group: nav, run: () => moveSelection(-1) });
  shortcut({ key: "ArrowUp", description: "Previous message", group: nav, run: () => moveSelection(-1) });
  shortcut({
    key: "n",
    description: "Next unread topic",
    group: nav,
    run: () => {
      const to = nextUnreadTopic(currentNarrow.peek(), sortedSubscriptions.peek(), unreadCounts.peek(), (id) => topicsByChannel.peek().get(id));
      if (to) go(to);
    },
  });
  shortcut({
    key: "p",
    description: "Next unread direct message",
    group: nav,
    run: () => {
      const to = nextUnreadDm(currentNarrow.peek(), conversations.peek(), unreadCounts.peek());
      if (to) go(to);
    },
  });
  shortcut({
    key: "Escape",
    description: "Back to the combined feed",
    group: nav,
    run: () => {
      if (narrowKey(currentNarrow.peek()) !== narrowKey(FEED) || currentNarrow.peek().near !== undefined) go(FEED);
      else if (selectedId.peek() !== null) selectedId.value = null;
      else return false;
    },
  });
  shortcut({
    key: "e",
    description: "Edit the selected message",
    group: msg,
    run: () => {
      const sig = selectedId.peek() !== null ? messages.get(selectedId.peek()!) : undefined;
      if (!sig || !mayEditContent(sig.peek(), rulesFor(sig.peek()))) return false;
      editingId.value = sig.peek().id;
    },
  });
  shortcut({
    key: "i",
    description: "Open the selected message's actions",
    group: msg,
    run: () => {
      const row = selectedRow();
      const sig = selectedId.peek() !== null ? messages.get(selectedId.peek()!) : undefined;
      if (!row || !sig) return false;
      openMessageMenu(row.querySelector<HTMLElement>("[data-testid=message-more]") ?? row, sig);
    },
  });
  shortcut({
    key: ":",
    description: "React to the selected message",
    group: msg,
    run: () => {
      const row = selectedRow();
      const sig = selectedId.peek() !== null ? messages.get(selectedId.peek()!) : undefined;
      if (!row || !sig) return false;
      openReactionPicker(row.querySelector<HTMLElement>(".message-toolbar") ?? row, sig.peek());
    },
  });
  shortcut({ key: "?", description: "Show the keyboard shortcuts", group: "Help", run: () => void openModal("shortcuts") });
}
