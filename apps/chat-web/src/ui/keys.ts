// Keyboard shortcuts, Zulip's set: one listener on the window, a table of keys, and a rule
// for typing. A key pressed while typing (an input, a textarea, a contenteditable) belongs to
// the field, except Esc. Esc closes the innermost thing open first: whatever registered last
// with onEscape (a popover over a modal over the app).

export interface Shortcut {
  /** KeyboardEvent.key: "j", "ArrowDown", "/", "?". */
  key: string;
  /** What it does, for the `?` list; shortcuts without one are left out of it. */
  description?: string;
  /** Which group of the `?` list it belongs to ("Navigation", "Messages", "Compose"). */
  group?: string;
  run: (event: KeyboardEvent) => void | boolean;
}

const shortcuts = new Map<string, Shortcut[]>();
const escapes: (() => void)[] = [];

/** Adds a shortcut; returns its removal. A handler returning false lets the key through. */
export function shortcut(entry: Shortcut): () => void {
  const list = shortcuts.get(entry.key) ?? [];
  list.push(entry);
  shortcuts.set(entry.key, list);
  return () => {
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  };
}

/** Esc calls `close` while it is registered, before anything registered earlier. */
export function onEscape(close: () => void): () => void {
  escapes.push(close);
  return () => {
    const at = escapes.lastIndexOf(close);
    if (at >= 0) escapes.splice(at, 1);
  };
}

/** Every described shortcut, for the `?` overlay. */
export function describedShortcuts(): Shortcut[] {
  return [...shortcuts.values()].flat().filter((s) => s.description);
}

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable;
}

let listening = false;
export function listenForShortcuts(): void {
  if (listening) return;
  listening = true;
  window.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.key === "Escape" && escapes.length) {
      event.preventDefault();
      escapes[escapes.length - 1]!();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const list = shortcuts.get(event.key);
    // The newest first: a view that registers `j` while it is open overrides the app's.
    for (let i = (list?.length ?? 0) - 1; i >= 0; i--) {
      if (list![i]!.run(event) !== false) {
        event.preventDefault();
        return;
      }
    }
  });
}
