// Editing a message in place: its Markdown source (fetched, as the server keeps it) in a text
// box where its content was. Enter saves, Shift+Enter adds a line, Esc cancels (as the compose
// box). The time left under the organization's limit counts down; the server decides, and its
// refusal shows here with the words kept.
import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { editingId } from "../../state/messages";
import { editSecondsLeft } from "../../state/permissions";
import type { Message } from "../../state/types";
import { onEscape } from "../keys";
import { errorText, rawContent, saveEdit } from "./actions";
import { rulesFor } from "./rules";

const cancel = () => (editingId.value = null);

function timeLeft(seconds: number): string {
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min left to edit`;
  if (seconds >= 60) return `${Math.ceil(seconds / 60)} min left to edit`;
  return `${seconds} s left to edit`;
}

export function Editor({ message }: { message: Message }) {
  const text = useSignal<string | null>(null);
  const error = useSignal<string | null>(null);
  const saving = useSignal(false);
  const now = useSignal(Math.floor(Date.now() / 1000));
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => onEscape(cancel), []);
  useEffect(() => {
    let live = true;
    rawContent(message.id).then(
      (content) => live && (text.value = content),
      (e) => live && (error.value = errorText(e)),
    );
    const tick = setInterval(() => (now.value = Math.floor(Date.now() / 1000)), 1000);
    return () => {
      live = false;
      clearInterval(tick);
    };
  }, [message.id]);
  useEffect(() => {
    const el = box.current;
    if (!el || text.peek() === null) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    grow(el);
  }, [text.value === null]);

  const save = async () => {
    if (text.value === null || saving.value) return;
    saving.value = true;
    error.value = null;
    try {
      await saveEdit(message, text.value);
    } catch (e) {
      error.value = errorText(e);
    } finally {
      saving.value = false;
    }
  };
  const left = editSecondsLeft(message, rulesFor(message, now.value));
  return (
    <form class="message-editor" data-testid="message-editor" onSubmit={(e) => (e.preventDefault(), void save())}>
      <textarea
        ref={box}
        aria-label="Edit message"
        value={text.value ?? ""}
        disabled={text.value === null}
        placeholder={text.value === null ? "Loading…" : undefined}
        onInput={(e) => ((text.value = e.currentTarget.value), grow(e.currentTarget))}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      {error.value && (
        <p class="editor-error" role="alert">
          {error.value}
        </p>
      )}
      <div class="editor-bar">
        <button type="submit" class="action-button primary" disabled={text.value === null || saving.value}>
          {saving.value ? "Saving…" : "Save"}
        </button>
        <button type="button" class="action-button" onClick={cancel}>
          Cancel
        </button>
        {left !== null && <span class={`editor-time ${left < 60 ? "urgent" : ""}`}>{left > 0 ? timeLeft(left) : "The time limit for editing has passed"}</span>}
      </div>
    </form>
  );
}

/** The box grows with its text, up to a limit (then it scrolls). */
function grow(el: HTMLTextAreaElement): void {
  el.style.height = "auto";
  el.style.height = `${Math.min(el.scrollHeight + 2, 400)}px`;
}
