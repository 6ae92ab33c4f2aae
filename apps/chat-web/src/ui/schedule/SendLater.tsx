// "Send later": the draft in the compose box becomes a scheduled message (POST
// /json/scheduled_messages) at a preset or a chosen time, and the box empties. The server's
// refusal (a channel one may not post to, a time past) shows in the menu, the draft kept.
import { useSignal } from "@preact/signals";
import { api, ApiError } from "../../api/client";
import { draft, setDraft, type Draft } from "../../state/compose";
import { session } from "../../state/session";
import { describeWhen, sendLaterPresets, unixSeconds } from "../../state/time-presets";
import { findUser } from "../../state/users";
import { showToast } from "../message/toast";
import { closePopover } from "../overlays";
import { WhenPicker } from "./when";
import "../org/org.css";
import "./schedule.css";

/** The API's recipient fields for a draft, or the reason it has none. */
export function draftTarget(d: Draft): { type: "stream"; to: number; topic: string } | { type: "direct"; to: number[] } | string {
  if (d.kind === "channel") return d.channelId === null ? "Pick a channel." : { type: "stream", to: d.channelId, topic: d.topic };
  // The recipients chosen as pills, and any still typed (names or emails, comma-separated).
  const names = d.to.split(",").map((s) => s.trim()).filter(Boolean);
  if (!names.length && !d.dmIds.length) return "Add at least one recipient.";
  const ids: number[] = [...d.dmIds];
  for (const n of names) {
    const user = findUser(n);
    if (!user) return `Unknown recipient: ${n}`;
    ids.push(user.user_id);
  }
  return { type: "direct", to: [...new Set(ids)] };
}

export function SendLater() {
  const busy = useSignal(false);
  const error = useSignal<string | null>(null);
  const twentyFour = session.value!.twentyFourHourTime;
  const schedule = async (at: Date) => {
    const d = draft.peek();
    if (!d.content.trim()) return void (error.value = "Write the message first.");
    const target = draftTarget(d);
    if (typeof target === "string") return void (error.value = target);
    busy.value = true;
    error.value = null;
    try {
      await api.post("/scheduled_messages", { ...target, content: d.content, scheduled_delivery_timestamp: unixSeconds(at) });
      setDraft({ content: "" });
      closePopover();
      showToast(`Scheduled for ${describeWhen(at, twentyFour)}`);
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      busy.value = false;
    }
  };
  return (
    <div class="schedule-popover" data-testid="send-later-menu">
      <h3 class="popover-title">Send later</h3>
      <WhenPicker presets={sendLaterPresets(new Date(), twentyFour)} onPick={(at) => void schedule(at)} busy={busy.value} testId="send-later-when" />
      {error.value && (
        <p class="org-error" role="alert">
          {error.value}
        </p>
      )}
      <a class="schedule-link" href="#scheduled" onClick={() => closePopover()}>
        Scheduled messages
      </a>
    </div>
  );
}
