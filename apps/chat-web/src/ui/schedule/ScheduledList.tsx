// The scheduled messages and reminders, at `#scheduled`: each with where it goes, when, and its
// rendered text; a scheduled message can be edited, rescheduled, sent now or deleted (PATCH,
// DELETE /json/scheduled_messages/{id}), a reminder deleted (DELETE /json/reminders/{id}).
// "Send now" sends the text (POST /json/messages) and then deletes the scheduled copy: a
// failure between the two leaves a duplicate to delete, never a lost message. The list is
// state/scheduled.ts's, kept by events: a change made here or elsewhere shows the same way.
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api, ApiError } from "../../api/client";
import { hashOf, leaveHashRoute } from "../../narrow/router";
import { channelName } from "../../state/channels";
import { loadScheduled, reminders, scheduledMessages, type Scheduled } from "../../state/scheduled";
import { session } from "../../state/session";
import { describeWhen, sendLaterPresets, unixSeconds } from "../../state/time-presets";
import { displayName } from "../../state/users";
import { closeModal, Modal } from "../overlays";
import { WhenPicker } from "./when";
import "../org/org.css";
import "./schedule.css";

function where(s: Scheduled): { text: string; href: string } {
  if (s.type === "stream" && typeof s.to === "number") {
    const topic = s.topic ?? "";
    return { text: `#${channelName(s.to) ?? "unknown channel"} › ${topic || "general chat"}`, href: hashOf({ channelId: s.to, topic }) };
  }
  const me = session.peek()!.userId;
  const peers = (Array.isArray(s.to) ? s.to : []).filter((id) => id !== me).sort((a, b) => a - b);
  return { text: peers.length ? `To ${peers.map(displayName).join(", ")}` : "To yourself", href: hashOf({ dm: peers }) };
}

export default function ScheduledList() {
  const error = useSignal<string | null>(null);
  const close = () => (leaveHashRoute(), closeModal());
  const load = () => loadScheduled().catch((e) => void (error.value = e instanceof ApiError ? e.message : String(e)));
  useEffect(() => void load(), []);
  /** Runs one change (its event updates the list); the server's refusal shows above the list. */
  const act = async (change: () => Promise<unknown>) => {
    error.value = null;
    try {
      await change();
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
      await load();
    }
  };
  const scheduled = scheduledMessages;
  return (
    <Modal title="Scheduled messages" wide onClose={close} testId="scheduled-overlay">
      {error.value && (
        <p class="org-error" role="alert">
          {error.value}
        </p>
      )}
      {scheduled.value === null ? (
        <p class="org-empty">Loading…</p>
      ) : (
        <>
          {!scheduled.value.length && <p class="org-empty">No scheduled messages. Write one, then choose a time with the clock beside Send.</p>}
          <ul class="org-list" aria-label="Scheduled messages">
            {scheduled.value.map((s) => (
              <ScheduledItem key={s.scheduled_message_id} item={s} act={act} />
            ))}
          </ul>
          {(reminders.value ?? []).length > 0 && (
            <section class="org-section" aria-label="Reminders">
              <h3>Reminders</h3>
              <ul class="org-list">
                {(reminders.value ?? []).map((r) => (
                  <li key={r.reminder_id} class="scheduled-item" data-testid="reminder-item">
                    <div class="org-item-main">
                      <a class="org-item-title" href={hashOf({ near: r.reminder_target_message_id })} onClick={close}>
                        A message to come back to
                      </a>
                      <div class={`scheduled-when ${r.failed ? "failed" : ""}`}>{r.failed ? "Could not be sent" : describeWhen(new Date(r.scheduled_delivery_timestamp * 1000), session.value!.twentyFourHourTime)}</div>
                    </div>
                    <div class="org-item-side">
                      <button type="button" class="org-button small danger" onClick={() => void act(() => api.delete(`/reminders/${r.reminder_id}`))}>
                        Delete
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Modal>
  );
}

function ScheduledItem({ item, act }: { item: Scheduled; act: (change: () => Promise<unknown>) => Promise<void> }) {
  const mode = useSignal<"view" | "edit" | "reschedule">("view");
  const text = useSignal(item.content);
  const twentyFour = session.value!.twentyFourHourTime;
  const target = where(item);
  const path = `/scheduled_messages/${item.scheduled_message_id}`;
  const sendNow = () =>
    act(async () => {
      const to = item.type === "stream" ? item.to : JSON.stringify(item.to);
      await api.post("/messages", { type: item.type === "stream" ? "stream" : "direct", to, ...(item.type === "stream" ? { topic: item.topic ?? "" } : {}), content: item.content });
      await api.delete(path);
    });
  return (
    <li class="scheduled-item" data-testid="scheduled-item" data-scheduled-id={item.scheduled_message_id}>
      <div class="org-item-main">
        <a class="org-item-title" href={target.href}>
          {target.text}
        </a>
        <div class={`scheduled-when ${item.failed ? "failed" : ""}`} data-testid="scheduled-when">
          {item.failed ? "Could not be sent: edit or reschedule it" : describeWhen(new Date(item.scheduled_delivery_timestamp * 1000), twentyFour)}
        </div>
        {mode.value === "edit" ? (
          <form
            class="scheduled-edit"
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => api.patch(path, { content: text.value })).then(() => (mode.value = "view"));
            }}
          >
            <textarea aria-label="Message" value={text.value} onInput={(e) => (text.value = e.currentTarget.value)} />
            <div class="org-actions">
              <button type="button" class="org-button small" onClick={() => ((mode.value = "view"), (text.value = item.content))}>
                Cancel
              </button>
              <button type="submit" class="org-button small primary" disabled={!text.value.trim()}>
                Save
              </button>
            </div>
          </form>
        ) : (
          <div class="message-content" dangerouslySetInnerHTML={{ __html: item.rendered_content }} />
        )}
        {mode.value === "reschedule" && <WhenPicker presets={sendLaterPresets(new Date(), twentyFour)} busy={false} testId="reschedule-when" onPick={(at) => void act(() => api.patch(path, { scheduled_delivery_timestamp: unixSeconds(at) })).then(() => (mode.value = "view"))} />}
      </div>
      <div class="org-item-side scheduled-actions">
        <button type="button" class="org-button small" data-testid="scheduled-edit" onClick={() => (mode.value = mode.value === "edit" ? "view" : "edit")}>
          Edit
        </button>
        <button type="button" class="org-button small" data-testid="scheduled-reschedule" onClick={() => (mode.value = mode.value === "reschedule" ? "view" : "reschedule")}>
          Reschedule
        </button>
        <button type="button" class="org-button small" data-testid="scheduled-send-now" onClick={() => void sendNow()}>
          Send now
        </button>
        <button type="button" class="org-button small danger" data-testid="scheduled-delete" onClick={() => void act(() => api.delete(path))}>
          Delete
        </button>
      </div>
    </li>
  );
}
