// The compose box's side of the typeahead, in the first view's code: it loads the typeahead
// itself (ui/compose/typeahead/) when a field of the box is first typed in or focused, and
// passes it the fields' keys and input from then on.
import { signal } from "@preact/signals";
import type { ComponentType } from "preact";
import type { ComposeField } from "../../state/compose";

type Module = typeof import("./typeahead/controller");
let loaded: Module | null = null;
let loading: Promise<Module> | null = null;
const List = signal<ComponentType | null>(null);

function load(): Promise<Module> {
  loading ??= import("./typeahead/controller").then((m) => {
    loaded = m;
    List.value = m.Suggestions;
    return m;
  });
  return loading;
}

/** The field's text or caret changed: suggestions for what is being typed there. */
export function typeaheadInput(field: HTMLInputElement | HTMLTextAreaElement, kind: ComposeField): void {
  if (loaded) loaded.update(field, kind);
  else void load().then((m) => document.activeElement === field && m.update(field, kind));
}

/** A key in a field: true when the open suggestions took it (arrows, Tab, Enter, Esc). */
export function typeaheadKeyDown(event: KeyboardEvent): boolean {
  return loaded?.keyDown(event) ?? false;
}

export function typeaheadClose(): void {
  loaded?.close();
}

export function TypeaheadList() {
  const Component = List.value;
  return Component ? <Component /> : null;
}
