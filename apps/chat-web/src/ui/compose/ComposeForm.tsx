// The open compose box: to a channel and topic, or to people chosen as pills. Enter sends,
// Shift+Enter adds a line, Esc closes it (the draft stays). Loaded when the box first opens (the
// combined feed's first view has it closed); what is not needed to type a message loads later
// still: the typeahead (`@`, `#`, `:`, topics, recipients), the preview and uploads.
import { useEffect, useRef, useState } from "preact/hooks";
import { sortedSubscriptions, subscriptionById } from "../../state/channels";
import { closeCompose, composeFocus, draft, send, setDraft, type ComposeField } from "../../state/compose";
import { session } from "../../state/session";
import { loadTopics } from "../../state/topics";
import { findUser } from "../../state/users";
import { Icon } from "../Icon";
import { onEscape } from "../keys";
import { SendLaterButton } from "../schedule/SendLaterButton";
import { Recipients } from "./Recipients";
import { TypeaheadList, typeaheadClose, typeaheadInput, typeaheadKeyDown } from "./typeahead-host";
import { ComposeTools, PreviewPane, UploadsPane, previewing, uploadDropped, uploadPasted, uploadsInFlight } from "./tools-host";

export default function ComposeForm() {
  const d = draft.value;
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const subs = sortedSubscriptions.value;
  const channelId = d.channelId !== null && subscriptionById.value.has(d.channelId) ? d.channelId : (subs[0]?.stream_id ?? null);

  useEffect(() => {
    if (d.kind === "channel" && channelId !== null) void loadTopics(channelId);
  }, [d.kind, channelId]);
  // A field asked for by whoever opened the box (`c` the topic, `x` the recipients).
  const wanted = composeFocus.value;
  useEffect(() => {
    if (!wanted) return;
    composeFocus.value = null;
    const field = form.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name=${wanted}]`) ?? form.current?.querySelector("textarea");
    field?.focus();
    if (field) field.setSelectionRange(field.value.length, field.value.length);
  }, [wanted]);
  // Esc closes the box while one is typing in it (an open typeahead takes Esc first).
  useEffect(() => (focused ? onEscape(closeCompose) : undefined), [focused]);

  const focusField = (name: ComposeField) => form.current?.querySelector<HTMLElement>(`[name=${name}]`)?.focus();

  const submit = (event?: Event) => {
    event?.preventDefault();
    const content = d.content;
    if (!content.trim() || uploadsInFlight.value) return;
    let userIds: number[] = [];
    if (d.kind === "dm") {
      const typed = d.to.split(",").map((s) => s.trim()).filter(Boolean);
      const found = typed.map((n) => [n, findUser(n)] as const);
      const unknown = found.filter(([, u]) => !u).map(([n]) => n);
      if (unknown.length) return setError(`Unknown recipient: ${unknown.join(", ")}`);
      userIds = [...new Set([...d.dmIds, ...found.map(([, u]) => u!.user_id)])];
      if (!userIds.length) return setError("Add at least one recipient.");
    } else if (channelId === null) {
      return setError("Pick a channel.");
    }
    setError(null);
    typeaheadClose();
    previewing.value = false;
    const target = { ...d, channelId };
    setDraft({ content: "" });
    // A failure shows on the message itself (its local echo), with Retry and Discard.
    send(target, userIds, session.peek()!.userId).catch(() => {});
    focusField("content");
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (typeaheadKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) submit(event);
  };
  // Enter in the topic field goes on to the message, as in Zulip.
  const topicKeyDown = (event: KeyboardEvent) => {
    if (typeaheadKeyDown(event)) return;
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    focusField("content");
  };
  const typed = (event: Event, kind: ComposeField) => typeaheadInput(event.currentTarget as HTMLInputElement | HTMLTextAreaElement, kind);

  return (
    <form
      class="compose"
      data-testid="compose"
      ref={form}
      onSubmit={submit}
      aria-label="Compose a message"
      onFocusIn={() => setFocused(true)}
      onFocusOut={(e) => !form.current?.contains(e.relatedTarget as Node | null) && setFocused(false)}
      onDragOver={(e) => e.dataTransfer?.types.includes("Files") && e.preventDefault()}
      onDrop={(e) => uploadDropped(e)}
    >
      <div class="compose-target">
        <div class="compose-kind" role="group" aria-label="Message type">
          <button type="button" aria-pressed={d.kind === "channel"} onClick={() => setDraft({ kind: "channel" })}>
            Channel
          </button>
          <button type="button" aria-pressed={d.kind === "dm"} onClick={() => setDraft({ kind: "dm" })}>
            Direct
          </button>
        </div>
        {d.kind === "channel" ? (
          <>
            <select name="channel" aria-label="Channel" value={channelId ?? ""} onChange={(e) => setDraft({ channelId: Number(e.currentTarget.value) })}>
              {subs.map((s) => (
                <option key={s.stream_id} value={s.stream_id}>
                  #{s.name}
                </option>
              ))}
            </select>
            <input
              name="topic"
              aria-label="Topic"
              placeholder="Topic"
              autocomplete="off"
              value={d.topic}
              onInput={(e) => (setDraft({ topic: e.currentTarget.value }), typed(e, "topic"))}
              onFocus={(e) => typed(e, "topic")}
              onKeyDown={topicKeyDown}
              onBlur={typeaheadClose}
            />
          </>
        ) : (
          <Recipients draft={d} onDone={() => focusField("content")} />
        )}
        <button type="button" class="compose-close" data-testid="compose-close" aria-label="Close the compose box (Esc)" title="Close (Esc)" onClick={closeCompose}>
          <Icon name="close" />
        </button>
      </div>
      <PreviewPane />
      <textarea
        name="content"
        aria-label="Message"
        placeholder={d.kind === "dm" ? "Message (Enter sends, Shift+Enter for a new line)" : "Message the topic (Enter sends, Shift+Enter for a new line)"}
        rows={2}
        hidden={previewing.value}
        value={d.content}
        onInput={(e) => (setDraft({ content: e.currentTarget.value }), typed(e, "content"))}
        onClick={(e) => typed(e, "content")}
        onKeyDown={onKeyDown}
        onBlur={typeaheadClose}
        onPaste={(e) => uploadPasted(e)}
      />
      <TypeaheadList />
      <UploadsPane />
      <div class="compose-toolbar">
        <ComposeTools />
        {/* Actions beside Send. */}
        <div class="compose-toolbar-end" data-testid="compose-toolbar-end">
          <SendLaterButton disabled={!d.content.trim() || uploadsInFlight.value > 0} />
          <button type="submit" class="send" disabled={!d.content.trim() || uploadsInFlight.value > 0} title={uploadsInFlight.value ? "Waiting for the uploads" : undefined}>
            Send
          </button>
        </div>
      </div>
      {error && (
        <p class="compose-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
