// Who has read a message (GET /messages/{id}/read_receipts), by name, as Zulip lists them.
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api } from "../../api/client";
import { users } from "../../state/users";
import { Avatar } from "../Avatar";
import { Modal } from "../overlays";
import { errorText } from "./actions";
import "./dialogs.css";

export default function ReadReceipts({ messageId }: { messageId: number }) {
  const ids = useSignal<number[] | null>(null);
  const error = useSignal<string | null>(null);
  useEffect(() => {
    api.get<{ user_ids: number[] }>(`/messages/${messageId}/read_receipts`).then(
      (r) => (ids.value = r.user_ids),
      (e) => (error.value = errorText(e)),
    );
  }, [messageId]);
  const known = users.value;
  const people = (ids.value ?? []).map((id) => known.get(id) ?? { user_id: id, full_name: "Unknown user", avatar_url: null });
  people.sort((a, b) => a.full_name.localeCompare(b.full_name));
  return (
    <Modal title="Read receipts" testId="read-receipts">
      {error.value && (
        <p class="dialog-error" role="alert">
          {error.value}
        </p>
      )}
      {!error.value && ids.value === null && <p class="dialog-text muted">Loading…</p>}
      {ids.value !== null && (
        <p class="dialog-text">{ids.value.length === 0 ? "No one has read this message yet." : `This message has been read by ${ids.value.length} ${ids.value.length === 1 ? "person" : "people"}:`}</p>
      )}
      {people.length > 0 && (
        <ul class="people-list" data-testid="read-receipt-list">
          {people.map((p) => (
            <li key={p.user_id}>
              <Avatar userId={p.user_id} name={p.full_name} url={p.avatar_url} size={28} />
              <span class="person-name">{p.full_name}</span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
