// Noticing a step of the wall clock (NTP correcting a drifted clock, an operator's `date -s`, a
// virtual machine resumed from a snapshot): between two readings the wall clock moved more, or
// less, than the monotonic clock, which only real time moves. Workers that act on wall-clock
// deadlines use it to tell time that really passed from time a step skipped.
//
// A step is seen at the first reading after it, so where it happened between two readings is
// not known: the skipped span is taken to end at the later reading. Workers read every second
// or so, which bounds the error.
import type { Clock } from "./clock.js";
import type { Logger } from "./log.js";

export interface ClockJump {
  /** the wall clock as it would read without the step, and as it reads (ms since the epoch) */
  from: number;
  to: number;
  /** the size of the step: positive forward, negative back */
  ms: number;
  /** the monotonic reading that noticed it */
  seenAt: number;
}

export interface ClockJumpOptions {
  /** who watches, for the log line ("alert worker") */
  name: string;
  /** what the watcher does about a forward step, for the operator (the end of the log line) */
  forward: string;
  /** what a step back means for the watcher */
  back: string;
  /** the smallest step noticed; anything less is scheduling noise (default 1 s) */
  thresholdMs?: number;
  /** how long a step is remembered (default 1 h) */
  rememberMs?: number;
}

export class ClockJumpDetector {
  private last: { wall: number; mono: number } | undefined;
  private jumps: ClockJump[] = [];
  private readonly thresholdMs: number;
  private readonly rememberMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly log: Pick<Logger, "warn">,
    private readonly options: ClockJumpOptions,
  ) {
    this.thresholdMs = options.thresholdMs ?? 1000;
    this.rememberMs = options.rememberMs ?? 3_600_000;
  }

  /** Reads both clocks; the step since the previous reading, if any, is logged and returned. */
  sample(): ClockJump | undefined {
    const wall = this.clock.now().getTime();
    if (!this.clock.monotonic) return undefined;
    const mono = this.clock.monotonic();
    const previous = this.last;
    this.last = { wall, mono };
    this.jumps = this.jumps.filter((j) => mono - j.seenAt < this.rememberMs);
    if (!previous) return undefined;
    const ms = wall - previous.wall - (mono - previous.mono);
    if (Math.abs(ms) < this.thresholdMs) return undefined;
    const jump: ClockJump = { from: wall - ms, to: wall, ms, seenAt: mono };
    this.jumps.push(jump);
    this.report(jump);
    return jump;
  }

  /**
   * Real time since the wall clock read `wall`: the wall-clock span from then to now less what
   * forward steps skipped of it. A deadline that a step alone carried past is not late by the step.
   */
  elapsedSince(wall: number): number {
    this.sample();
    const now = this.clock.now().getTime();
    let skipped = 0;
    for (const j of this.forwardJumps()) skipped += Math.max(0, Math.min(j.to, now) - Math.max(j.from, wall));
    return now - wall - skipped;
  }

  /**
   * The wall clock held back by each forward step for a while after it: for min(step, holdMs)
   * of real time, deadlines that only the step carried past are not yet due, so what they wait
   * for (a ping, a reply) has time to arrive. Outside holds it is the wall clock.
   */
  heldNow(holdMs: number): number {
    this.sample();
    const now = this.clock.now().getTime();
    return now - this.holding(holdMs).reduce((sum, j) => sum + j.ms, 0);
  }

  /** Real time until the next hold ends, or undefined when none is under way. */
  holdEndsIn(holdMs: number): number | undefined {
    this.sample();
    const mono = this.clock.monotonic?.();
    if (mono === undefined) return undefined;
    const ends = this.holding(holdMs).map((j) => j.seenAt + Math.min(j.ms, holdMs) - mono);
    return ends.length === 0 ? undefined : Math.min(...ends);
  }

  private forwardJumps(): ClockJump[] {
    return this.jumps.filter((j) => j.ms > 0);
  }

  private holding(holdMs: number): ClockJump[] {
    const mono = this.clock.monotonic?.();
    if (mono === undefined) return [];
    return this.forwardJumps().filter((j) => mono - j.seenAt < Math.min(j.ms, holdMs));
  }

  private report(jump: ClockJump): void {
    const direction = jump.ms > 0 ? "forward" : "back";
    const consequence = jump.ms > 0 ? this.options.forward : this.options.back;
    this.log.warn(
      { clockJumpMs: jump.ms, from: new Date(jump.from).toISOString(), to: new Date(jump.to).toISOString() },
      `${this.options.name}: the wall clock jumped ${direction} by ${describeSpan(Math.abs(jump.ms))} (it reads ${new Date(jump.to).toISOString()}, the monotonic clock says ${new Date(jump.from).toISOString()}); ${consequence}`,
    );
  }
}

/** "15 min 2 s", "3.5 s", "2 h 0 min": a span as an operator reads it. */
export function describeSpan(ms: number): string {
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  if (minutes < 60) return `${minutes} min ${seconds} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
