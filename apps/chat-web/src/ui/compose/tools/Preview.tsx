// The compose box's Markdown preview: the server renders the draft (POST /json/messages/render,
// exactly as it would the message) and the app's content code shows it as it shows messages.
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { api, ApiError } from "../../../api/client";
import { setContent } from "../../../content";
import { draft } from "../../../state/compose";
import { contentContext } from "../../MessageRow";
import "./tools.css";

export function Preview() {
  const content = draft.value.content;
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ html?: string; error?: string; loading: boolean }>({ loading: true });
  useLayoutEffect(() => {
    if (!content.trim()) return setState({ loading: false });
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    api
      .post<{ rendered: string }>("/messages/render", { content })
      .then(({ rendered }) => current && setState({ html: rendered, loading: false }))
      .catch((error: unknown) => current && setState({ error: error instanceof ApiError ? error.message : String(error), loading: false }));
    return () => void (current = false);
  }, [content]);
  useLayoutEffect(() => {
    // Without flags: every mention of the viewer is highlighted, as the message will be.
    if (box.current && state.html !== undefined) setContent(box.current, state.html, { ...contentContext([]), flags: undefined });
  }, [state.html]);
  return (
    <div class="compose-preview" data-testid="preview-pane" aria-live="polite" aria-busy={state.loading}>
      {!content.trim() && <p class="compose-preview-empty">Nothing to preview.</p>}
      {state.error && (
        <p class="compose-error" role="alert">
          {state.error}
        </p>
      )}
      <div class="message-content" ref={box} hidden={!content.trim() || state.error !== undefined} />
    </div>
  );
}
