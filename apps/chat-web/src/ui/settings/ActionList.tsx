// The settings panes' lists of things that each offer one action (muted users and topics, alert
// words, custom emoji, linkifiers, code playgrounds, exports): a row per item, its cells, then
// its button, whose outcome the pane's status line tells.
import type { Signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { attempt, type Status } from "./kit";

export interface RowAction {
  label: string;
  run: () => Promise<unknown>;
  /** what the status line says once it is done */
  done: string;
  danger?: boolean;
  ariaLabel?: string;
}

export function ActionList<T>({ items, keyOf, cells, action, status, empty, testId }: { items: readonly T[]; keyOf: (item: T) => string | number; cells: (item: T) => ComponentChildren; action: (item: T) => RowAction | null; status: Signal<Status>; empty?: string; testId?: string }) {
  return (
    <>
      <ul class="settings-list" data-testid={testId}>
        {items.map((item) => {
          const act = action(item);
          return (
            <li key={keyOf(item)}>
              {cells(item)}
              {act && (
                <button type="button" class={act.danger ? "button danger" : "button"} aria-label={act.ariaLabel} onClick={() => void attempt(status, act.run, act.done)}>
                  {act.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {items.length === 0 && empty && <p class="settings-muted">{empty}</p>}
    </>
  );
}
