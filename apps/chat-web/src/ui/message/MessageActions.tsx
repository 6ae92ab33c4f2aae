// A message's actions: a toolbar that shows on hover (add a reaction, quote and reply, edit,
// more) and its "more" menu with everything else (MessageMenu.tsx, loaded on first use). On a touch screen, with no hover, the toolbar
// shows on the selected (tapped) message and the "⋯" button is always there.
import { signal, useComputed, type Signal } from "@preact/signals";
import { editingId, selectedId } from "../../state/messages";
import { loadMyGroups, mayEditContent } from "../../state/permissions";
import { session } from "../../state/session";
import type { Message } from "../../state/types";
import { Icon } from "../Icon";
import { openPopover } from "../overlays";
import { quoteAndReply } from "./actions";
import { attempt, openReactionPicker } from "./attempt";
import { rulesFor } from "./rules";
import "./actions.css";

// The menu's code is loaded with the emoji picker's, when the pointer first comes over a message.
let menuModule: Promise<typeof import("./MessageMenu")> | null = null;
export const loadMessageMenu = () => (menuModule ??= import("./MessageMenu").catch((error: unknown) => ((menuModule = null), Promise.reject(error))));

export function openMessageMenu(anchor: HTMLElement, sig: Signal<Message>): void {
  void loadMyGroups(session.peek()!.userId);
  attempt(async () => {
    const { MessageMenu } = await loadMessageMenu();
    openPopover(anchor, "Message actions", () => <MessageMenu sig={sig} anchor={anchor} />);
  });
}

/** The message under the pointer, and the one holding the keyboard's focus (set by the message list). */
export const pointedId = signal<number | null>(null);
export const focusedId = signal<number | null>(null);

/** The same for recipient headers, each named by its first message's id. */
export const pointedHeader = signal<number | null>(null);
export const focusedHeader = signal<number | null>(null);

/** The message id of the row an event's target is in, if any. */
export const rowOf = (target: EventTarget | null): number | null => {
  const row = target instanceof Element ? target.closest<HTMLElement>("[data-message-id]") : null;
  return row ? Number(row.dataset.messageId) : null;
};

/** The first message's id of the recipient header an event's target is in (the row after its bar). */
export const headerOf = (target: EventTarget | null): number | null => {
  const bar = target instanceof Element ? target.closest(".recipient-bar") : null;
  const first = bar?.nextElementSibling as HTMLElement | null | undefined;
  return first?.dataset.messageId ? Number(first.dataset.messageId) : null;
};

/**
 * The hover toolbar of one message. Its buttons are in every row (reachable with Tab, and the
 * same elements throughout), but their icons only while the toolbar can be seen (the row under
 * the pointer, holding the focus, or selected): a screen of rows lays out a quarter fewer boxes.
 */
export function MessageToolbar({ sig }: { sig: Signal<Message> }) {
  const message = sig.value;
  const shown = useComputed(() => {
    const id = sig.peek().id;
    return pointedId.value === id || focusedId.value === id || selectedId.value === id;
  }).value;
  if (message.id <= 0) return null;
  const rules = rulesFor(message);
  return (
    <div class="message-toolbar" data-testid="message-toolbar">
      <button type="button" aria-label="Add emoji reaction" title="Add emoji reaction" data-testid="add-reaction" onClick={(e) => openReactionPicker(e.currentTarget, message)}>
        {shown && <Icon name="smile" size={17} />}
      </button>
      <button type="button" aria-label="Quote and reply" title="Quote and reply" onClick={() => attempt(() => quoteAndReply(message))}>
        {shown && <Icon name="quote" size={17} />}
      </button>
      {mayEditContent(message, rules) && (
        <button type="button" aria-label="Edit message" title="Edit message (e)" data-testid="edit-message" onClick={() => (editingId.value = message.id)}>
          {shown && <Icon name="pencil" size={17} />}
        </button>
      )}
      <button type="button" class="more" aria-label="Message actions" title="Message actions (i)" aria-haspopup="menu" data-testid="message-more" onClick={(e) => openMessageMenu(e.currentTarget, sig)}>
        {shown && <Icon name="more" size={17} />}
      </button>
    </div>
  );
}
