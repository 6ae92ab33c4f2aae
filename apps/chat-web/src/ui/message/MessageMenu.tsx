// The message menu ("⋯"): every action on a message that the user may take, as Zulip's web app
// lists them. Loaded the first time it is wanted (MessageActions.tsx).
import type { Signal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { editingId } from "../../state/messages";
import { mayDelete, mayEditContent, mayMoveOut, mayMoveWithin, mayViewHistory, mayViewReadReceipts } from "../../state/permissions";
import type { Message } from "../../state/types";
import { Icon, type IconName } from "../Icon";
import { closePopover, openModal } from "../overlays";
import { copyLink, markUnreadFromHere, quoteAndReply, toggleStar } from "./actions";
import { attempt, openReactionPicker } from "./attempt";
import { rulesFor } from "./rules";

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

export function MessageMenu({ sig, anchor }: { sig: Signal<Message>; anchor: HTMLElement }) {
  const message = sig.value;
  const rules = rulesFor(message);
  const starred = message.flags.includes("starred");
  const edited = message.last_edit_timestamp !== undefined;
  const canMove = mayMoveWithin(message, rules) || mayMoveOut(message, rules);
  // The first item takes the focus, so the menu works from the keyboard (Zulip's `i`): in the
  // next frame, once the popover is placed (hidden until then, it could not take it).
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.querySelector<HTMLElement>(".message-menu button")?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div class="menu message-menu" role="menu" data-testid="message-menu" onKeyDown={(e) => menuKeys(e)}>
      <Item icon="smile" label="Add emoji reaction" testId="menu-react" run={() => openReactionPicker(anchor, message)} />
      <Item icon="quote" label="Quote and reply" testId="menu-quote" run={() => attempt(() => quoteAndReply(message))} />
      {mayEditContent(message, rules) && <Item icon="pencil" label="Edit message" testId="menu-edit" run={() => (editingId.value = message.id)} />}
      {canMove && <Item icon="move" label="Move messages" testId="menu-move" run={() => void openModal("move-topic", { message, propagateMode: "change_one" })} />}
      <hr />
      <Item icon="envelope" label="Mark as unread from here" testId="menu-unread" run={() => attempt(() => markUnreadFromHere(message))} />
      <Item icon="star" label={starred ? "Unstar message" : "Star message"} testId="menu-star" run={() => attempt(() => toggleStar(message))} />
      <Item icon="bell" label="Remind me about this" testId="menu-remind" run={() => void import("../schedule/Reminder").then((m) => m.openReminder(anchor, message))} />
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

