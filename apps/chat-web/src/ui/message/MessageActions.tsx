// A message's actions: a toolbar that shows on hover (add a reaction, quote and reply, edit,
// more) and its "more" menu with everything else. On a touch screen, with no hover, the toolbar
// shows on the selected (tapped) message and the "⋯" button is always there.
import type { Signal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { editingId } from "../../state/messages";
import { loadMyGroups, mayDelete, mayEditContent, mayMoveOut, mayMoveWithin, mayViewHistory, mayViewReadReceipts } from "../../state/permissions";
import { session } from "../../state/session";
import type { Message } from "../../state/types";
import { openEmojiPicker } from "../emoji/open";
import { Icon, type IconName } from "../Icon";
import { closePopover, openModal, openPopover } from "../overlays";
import { copyLink, errorText, markUnreadFromHere, quoteAndReply, toggleReaction, toggleStar } from "./actions";
import { rulesFor } from "./rules";
import { showToast } from "./toast";

/** Runs an action; a refusal shows as a toast with the server's words. */
export function attempt(action: () => Promise<unknown>, done?: string): void {
  action().then(
    () => done && showToast(done),
    (error: unknown) => showToast(errorText(error), true),
  );
}

export function openReactionPicker(anchor: HTMLElement, message: Message): void {
  attempt(() => openEmojiPicker(anchor, "Add a reaction", (emoji) => attempt(() => toggleReaction(message, emoji))));
}

export function openMessageMenu(anchor: HTMLElement, sig: Signal<Message>): void {
  void loadMyGroups(session.peek()!.userId);
  openPopover(anchor, "Message actions", () => <MessageMenu sig={sig} anchor={anchor} />);
}

function Item({ icon, label, run, danger, testId }: { icon: IconName; label: string; run: () => void; danger?: boolean; testId: string }) {
  return (
    <button
      type="button"
      role="menuitem"
      class={danger ? "danger" : undefined}
      data-testid={testId}
      onClick={() => {
        closePopover();
        run();
      }}
    >
      <Icon name={icon} />
      {label}
    </button>
  );
}

function MessageMenu({ sig, anchor }: { sig: Signal<Message>; anchor: HTMLElement }) {
  const message = sig.value;
  const rules = rulesFor(message);
  const starred = message.flags.includes("starred");
  const edited = message.last_edit_timestamp !== undefined;
  const canMove = mayMoveWithin(message, rules) || mayMoveOut(message, rules);
  // The first item takes the focus, so the menu works from the keyboard (Zulip's `i`).
  useEffect(() => (document.querySelector<HTMLElement>(".message-menu button") as HTMLElement | null)?.focus(), []);
  return (
    <div class="menu message-menu" role="menu" data-testid="message-menu" onKeyDown={(e) => menuKeys(e)}>
      <Item icon="smile" label="Add emoji reaction" testId="menu-react" run={() => openReactionPicker(anchor, message)} />
      <Item icon="quote" label="Quote and reply" testId="menu-quote" run={() => attempt(() => quoteAndReply(message))} />
      {mayEditContent(message, rules) && <Item icon="pencil" label="Edit message" testId="menu-edit" run={() => (editingId.value = message.id)} />}
      {canMove && <Item icon="move" label="Move messages" testId="menu-move" run={() => void openModal("move-topic", { message, propagateMode: "change_one" })} />}
      <hr />
      <Item icon="envelope" label="Mark as unread from here" testId="menu-unread" run={() => attempt(() => markUnreadFromHere(message))} />
      <Item icon="star" label={starred ? "Unstar message" : "Star message"} testId="menu-star" run={() => attempt(() => toggleStar(message))} />
      <Item icon="link" label="Copy link to message" testId="menu-copy-link" run={() => attempt(() => copyLink(message), "Link copied")} />
      <hr />
      {edited && mayViewHistory(rules) && <Item icon="clock" label="View edit history" testId="menu-history" run={() => void openModal("edit-history", { messageId: message.id })} />}
      {mayViewReadReceipts(rules) && <Item icon="checks" label="View read receipts" testId="menu-receipts" run={() => void openModal("read-receipts", { messageId: message.id })} />}
      {mayDelete(message, rules) && <Item icon="trash" label="Delete message" testId="menu-delete" danger run={() => void openModal("delete-message", { message })} />}
    </div>
  );
}

/** Up and down move through the menu's items (wrapping), Home and End to its ends. */
function menuKeys(event: KeyboardEvent): void {
  const items = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>("button")];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  items[(to + items.length) % items.length]?.focus();
}

/** The hover toolbar of one message. */
export function MessageToolbar({ sig }: { sig: Signal<Message> }) {
  const message = sig.value;
  if (message.id <= 0) return null;
  const rules = rulesFor(message);
  return (
    <div class="message-toolbar" data-testid="message-toolbar">
      <button type="button" aria-label="Add emoji reaction" title="Add emoji reaction" data-testid="add-reaction" onClick={(e) => openReactionPicker(e.currentTarget, message)}>
        <Icon name="smile" size={17} />
      </button>
      <button type="button" aria-label="Quote and reply" title="Quote and reply" onClick={() => attempt(() => quoteAndReply(message))}>
        <Icon name="quote" size={17} />
      </button>
      {mayEditContent(message, rules) && (
        <button type="button" aria-label="Edit message" title="Edit message (e)" data-testid="edit-message" onClick={() => (editingId.value = message.id)}>
          <Icon name="pencil" size={17} />
        </button>
      )}
      <button type="button" class="more" aria-label="Message actions" title="Message actions (i)" aria-haspopup="menu" data-testid="message-more" onClick={(e) => openMessageMenu(e.currentTarget, sig)}>
        <Icon name="more" size={17} />
      </button>
    </div>
  );
}
