// "Delete message?": the confirmation Zulip asks for, with the server's refusal shown in place.
import { useSignal } from "@preact/signals";
import type { Message } from "../../state/types";
import { closeModal, Modal } from "../overlays";
import { deleteMessage, errorText } from "./actions";
import "./dialogs.css";

export default function DeleteMessage({ message }: { message: Message }) {
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const confirm = async () => {
    busy.value = true;
    try {
      await deleteMessage(message);
      closeModal();
    } catch (e) {
      error.value = errorText(e);
    } finally {
      busy.value = false;
    }
  };
  return (
    <Modal title="Delete message?" testId="delete-dialog">
      <p class="dialog-text">Deleting a message permanently removes it for everyone.</p>
      {error.value && (
        <p class="dialog-error" role="alert">
          {error.value}
        </p>
      )}
      <div class="dialog-actions">
        <button type="button" class="action-button" onClick={closeModal}>
          Cancel
        </button>
        <button type="button" class="action-button danger" autofocus disabled={busy.value} onClick={() => void confirm()}>
          {busy.value ? "Deleting…" : "Delete"}
        </button>
      </div>
    </Modal>
  );
}
