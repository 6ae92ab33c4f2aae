// "Remind me about this" from the message menu: POST /json/reminders at a preset or chosen
// time, with an optional note; the reminder arrives as a direct message from the notification bot.
import { useSignal } from "@preact/signals";
import { api, ApiError } from "../../api/client";
import { session } from "../../state/session";
import { describeWhen, reminderPresets, unixSeconds } from "../../state/time-presets";
import type { Message } from "../../state/types";
import { showToast } from "../message/toast";
import { closePopover, openPopover } from "../overlays";
import { WhenPicker } from "./when";
import "../org/org.css";
import "./schedule.css";

function ReminderMenu({ message }: { message: Message }) {
  const note = useSignal("");
  const busy = useSignal(false);
  const error = useSignal<string | null>(null);
  const twentyFour = session.value!.twentyFourHourTime;
  const remind = async (at: Date) => {
    busy.value = true;
    error.value = null;
    try {
      await api.post("/reminders", { message_id: message.id, scheduled_delivery_timestamp: unixSeconds(at), ...(note.value.trim() ? { note: note.value.trim() } : {}) });
      closePopover();
      showToast(`Reminder set for ${describeWhen(at, twentyFour)}`);
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      busy.value = false;
    }
  };
  return (
    <div class="schedule-popover" data-testid="reminder-menu">
      <h3 class="popover-title">Remind me about this</h3>
      <label class="reminder-note">
        <span>Note (optional)</span>
        <input type="text" maxLength={1000} value={note.value} onInput={(e) => (note.value = e.currentTarget.value)} />
      </label>
      <WhenPicker presets={reminderPresets(new Date(), twentyFour)} onPick={(at) => void remind(at)} busy={busy.value} testId="reminder-when" />
      {error.value && (
        <p class="org-error" role="alert">
          {error.value}
        </p>
      )}
    </div>
  );
}

export function openReminder(anchor: HTMLElement, message: Message): void {
  openPopover(anchor, "Remind me about this", () => <ReminderMenu message={message} />);
}
