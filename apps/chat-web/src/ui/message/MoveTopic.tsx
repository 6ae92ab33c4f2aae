// Moving messages, renaming a topic: Zulip's "Move messages" dialog. A new topic and, where
// permitted, another channel; which messages (this one, this and the later ones, the whole
// topic); and whether the automated notices go to the old and the new topic.
import { useSignal } from "@preact/signals";
import { sortedSubscriptions } from "../../state/channels";
import { mayMoveOut } from "../../state/permissions";
import type { Message } from "../../state/types";
import { closeModal, Modal } from "../overlays";
import { errorText, moveMessages, type PropagateMode } from "./actions";
import { rulesFor } from "./rules";
import "./dialogs.css";

const MODES: [PropagateMode, string][] = [
  ["change_one", "Move only this message"],
  ["change_later", "Move this and all following messages in this topic"],
  ["change_all", "Move all messages in this topic"],
];

export default function MoveTopic({ message, propagateMode }: { message: Message; propagateMode: PropagateMode }) {
  const channelId = useSignal(message.stream_id ?? 0);
  const topic = useSignal(message.subject);
  const mode = useSignal<PropagateMode>(propagateMode);
  const notifyNew = useSignal(true);
  const notifyOld = useSignal(false);
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const canMoveOut = mayMoveOut(message, rulesFor(message));
  const changed = channelId.value !== message.stream_id || topic.value.trim() !== message.subject;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!changed) return closeModal();
    busy.value = true;
    error.value = null;
    try {
      await moveMessages({
        messageId: message.id,
        channelId: channelId.value !== message.stream_id ? channelId.value : undefined,
        topic: topic.value.trim() !== message.subject ? topic.value.trim() : undefined,
        propagateMode: mode.value,
        notifyOld: notifyOld.value,
        notifyNew: notifyNew.value,
      });
      closeModal();
    } catch (e) {
      error.value = errorText(e);
    } finally {
      busy.value = false;
    }
  };

  return (
    <Modal title={propagateMode === "change_all" ? "Move or rename topic" : "Move messages"} testId="move-dialog">
      <form class="dialog-form" onSubmit={(e) => void submit(e)}>
        <label>
          <span>Channel</span>
          <select name="channel" value={channelId.value} disabled={!canMoveOut} onChange={(e) => (channelId.value = Number(e.currentTarget.value))}>
            {sortedSubscriptions.value.map((s) => (
              <option key={s.stream_id} value={s.stream_id}>
                #{s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Topic</span>
          <input name="topic" autofocus autocomplete="off" value={topic.value} placeholder="general chat" onInput={(e) => (topic.value = e.currentTarget.value)} />
        </label>
        <label>
          <span>Which messages</span>
          <select name="propagate_mode" value={mode.value} onChange={(e) => (mode.value = e.currentTarget.value as PropagateMode)}>
            {MODES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" name="notify_new" checked={notifyNew.value} onChange={(e) => (notifyNew.value = e.currentTarget.checked)} />
          <span>Send automated notice to new topic</span>
        </label>
        <label class="check">
          <input type="checkbox" name="notify_old" checked={notifyOld.value} onChange={(e) => (notifyOld.value = e.currentTarget.checked)} />
          <span>Send automated notice to old topic</span>
        </label>
        {error.value && (
          <p class="dialog-error" role="alert">
            {error.value}
          </p>
        )}
        <div class="dialog-actions">
          <button type="button" class="action-button" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" class="action-button primary" disabled={busy.value || !changed}>
            {busy.value ? "Moving…" : "Confirm"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
