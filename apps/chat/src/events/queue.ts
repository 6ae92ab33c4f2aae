// One client's event queue (Zulip's EventQueue): events numbered from 0 in the order they
// arrive, pruned up to the id the client acknowledges. Flag updates other than "mark as
// unread" are folded into one "virtual" event per kind until the client next reads the queue,
// so a client scrolling through history does not pile up thousands of small events.
export type QueuedEvent = Record<string, unknown> & { id: number; type: string };

function fullEventType(event: Record<string, unknown>): string {
  if (event.type !== "update_message_flags") return String(event.type);
  return event.all ? `all_flags/${event.flag}/${event.op}` : `flags/${event.op}/${event.flag}`;
}

export class EventQueue {
  private items: QueuedEvent[] = [];
  private head = 0;
  private virtual = new Map<string, QueuedEvent>();
  nextEventId = 0;
  newestPrunedId = -1;
  /** Off while the queue's registration snapshot is pending, so each event stays separable. */
  compress = true;

  constructor(readonly id: string) {}

  get size(): number {
    return this.items.length - this.head + this.virtual.size;
  }

  empty(): boolean {
    return this.size === 0;
  }

  /**
   * Appends `event` with the next id; returns the stored event. Shared events are copied (each
   * queue numbers its own); `owned` events, built for this queue alone, are numbered in place.
   */
  push(event: Record<string, unknown>, owned = false): QueuedEvent {
    const stored = (owned ? Object.assign(event, { id: this.nextEventId++ }) : { ...event, id: this.nextEventId++ }) as QueuedEvent;
    const full = fullEventType(stored);
    // compat: Zulip folds flags/* but not flags/remove/read, whose message_details cannot merge.
    if (this.compress && full.startsWith("flags/") && !full.startsWith("flags/remove/read")) {
      const folded = this.virtual.get(full);
      if (!folded) {
        this.virtual.set(full, { ...stored, messages: [...(stored.messages as number[])] });
      } else {
        folded.id = stored.id;
        (folded.messages as number[]).push(...(stored.messages as number[]));
      }
      return stored;
    }
    this.items.push(stored);
    return stored;
  }

  /** Refills a queue saved at shutdown (events/persist.ts). */
  restore(events: QueuedEvent[], nextEventId: number, newestPrunedId: number): void {
    this.items = events;
    this.head = 0;
    this.virtual.clear();
    this.nextEventId = nextEventId;
    this.newestPrunedId = newestPrunedId;
  }

  /** Drops every event up to and including `throughId`. */
  prune(throughId: number): void {
    this.materialize();
    while (this.head < this.items.length && this.items[this.head].id <= throughId) {
      this.newestPrunedId = this.items[this.head].id;
      this.head++;
    }
    if (this.head > 256 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Removes the events `drop` selects (used once, when the registration snapshot lands). */
  discard(drop: (event: QueuedEvent) => boolean): void {
    this.materialize();
    this.items = this.items.slice(this.head).filter((e) => !drop(e));
    this.head = 0;
  }

  /** Every pending event, oldest first (virtual events merged in at their latest id). */
  contents(): QueuedEvent[] {
    this.materialize();
    return this.head === 0 ? this.items.slice() : this.items.slice(this.head);
  }

  firstId(): number | undefined {
    this.materialize();
    return this.items[this.head]?.id;
  }

  private materialize(): void {
    if (this.virtual.size === 0) return;
    const folded = [...this.virtual.values()].sort((a, b) => a.id - b.id);
    this.virtual.clear();
    const merged: QueuedEvent[] = [];
    let v = 0;
    for (let i = this.head; i < this.items.length; i++) {
      const event = this.items[i];
      while (v < folded.length && folded[v].id < event.id) merged.push(folded[v++]);
      merged.push(event);
    }
    while (v < folded.length) merged.push(folded[v++]);
    this.items = merged;
    this.head = 0;
  }
}
