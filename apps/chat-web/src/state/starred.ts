// Ids of starred messages (register's starred_messages), for the starred view's count.
import { signal } from "@preact/signals";

export const starred = signal<ReadonlySet<number>>(new Set());

export function setStarred(ids: number[]): void {
  starred.value = new Set(ids);
}

export function toggleStarred(ids: readonly number[], on: boolean): void {
  const next = new Set(starred.peek());
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  starred.value = next;
}
