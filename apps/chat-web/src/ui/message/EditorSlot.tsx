// Where the editor goes in a message being edited: its code (Editor.tsx) is loaded the first
// time (or ahead, with prefetchMessageTools), so the first view does not carry it.
import { useState } from "preact/hooks";
import type { Message } from "../../state/types";

let editor: typeof import("./Editor") | null = null;
let loading: Promise<typeof import("./Editor")> | null = null;

export const loadEditor = () => (loading ??= import("./Editor").then((m) => (editor = m), (error: unknown) => ((loading = null), Promise.reject(error))));

export function EditorSlot({ message }: { message: Message }) {
  const [, loaded] = useState(false);
  if (editor) return <editor.Editor message={message} />;
  void loadEditor().then(() => loaded(true), () => {});
  return <p class="editor-loading">Loading the editor…</p>;
}
