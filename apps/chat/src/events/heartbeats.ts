// Heartbeat deadlines of waiting long polls, in slots of `resolution` ms under one timer.
// With 10,000 polls a timer each would cost a timer insertion and firing per poll; here the
// polls due in one slot are answered together, their writes going out in one turn of the
// event loop (a heartbeat arrives up to one slot late: 1 s at the default 45 s).
export interface HeartbeatTarget {
  /** answers the waiting poll with a heartbeat event */
  beat(): void;
}

export class HeartbeatWheel {
  private readonly slots = new Map<number, Set<HeartbeatTarget>>();
  private readonly slotOf = new Map<HeartbeatTarget, number>();
  private timer: NodeJS.Timeout | null = null;
  private timerSlot = Infinity;

  constructor(private readonly resolution: number) {}

  /** The slot width for a heartbeat interval: about 1/45 of it, between 5 ms and 1 s. */
  static resolutionFor(heartbeatMs: number): number {
    return Math.min(1000, Math.max(5, Math.floor(heartbeatMs / 45)));
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Beats `target` once `delayMs` from now (rounded up to its slot); replaces an earlier one. */
  add(target: HeartbeatTarget, delayMs: number): void {
    this.remove(target);
    const slot = Math.ceil((performance.now() + delayMs) / this.resolution);
    let members = this.slots.get(slot);
    if (!members) this.slots.set(slot, (members = new Set()));
    members.add(target);
    this.slotOf.set(target, slot);
    if (slot < this.timerSlot) this.arm(slot);
  }

  remove(target: HeartbeatTarget): void {
    const slot = this.slotOf.get(target);
    if (slot === undefined) return;
    this.slotOf.delete(target);
    const members = this.slots.get(slot)!;
    members.delete(target);
    // The timer stays armed for an emptied slot; it finds nothing there and re-arms.
    if (members.size === 0) this.slots.delete(slot);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerSlot = Infinity;
    this.slots.clear();
    this.slotOf.clear();
  }

  private arm(slot: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerSlot = slot;
    this.timer = setTimeout(() => this.fire(), Math.max(0, slot * this.resolution - performance.now()));
  }

  private fire(): void {
    this.timer = null;
    this.timerSlot = Infinity;
    const current = Math.floor(performance.now() / this.resolution);
    let next = Infinity;
    const due: HeartbeatTarget[] = [];
    for (const [slot, members] of this.slots) {
      if (slot <= current) {
        for (const target of members) {
          due.push(target);
          this.slotOf.delete(target);
        }
        this.slots.delete(slot);
      } else if (slot < next) next = slot;
    }
    if (next !== Infinity) this.arm(next);
    for (const target of due) target.beat();
  }
}
