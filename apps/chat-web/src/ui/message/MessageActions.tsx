// A message's actions: a toolbar that shows on hover (add a reaction, quote and reply, edit,
// more) and its "more" menu with everything else (MessageMenu.tsx, loaded on first use). On a touch screen, with no hover, the toolbar
// shows on the selected (tapped) message and the "⋯" button is always there.
import type { Signal } from "@preact/signals";
import { editingId } from "../../state/messages";
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
