// Wall clock ↔ instant conversion for an IANA zone, on top of the platform's Intl (ICU) data.
// Instants and wall times are whole seconds (see civil.ts for "wall seconds").
//
// The schedule libraries Healthchecks uses run on Python datetimes, so the semantics here are
// Python's (PEP 495): an ambiguous wall time resolves to its first occurrence when fold = 0 and
// to its second when fold = 1; a wall time inside a gap uses the offset from before the
// transition when fold = 0 (landing after the gap) and the offset from after it when fold = 1.
import { DAY, wallFromParts } from "./civil.js";

// Offsets are cached per chunk of 2^25 s (about 388 days): each chunk is sampled once a day
// through Intl and every change of offset is pinned down to the second by bisection.
const CHUNK = 2 ** 25;

interface Chunk {
  starts: number[];
  offsets: number[];
}

export interface WallTime {
  wall: number;
  fold: 0 | 1;
}

export class Zone {
  private readonly format: Intl.DateTimeFormat;
  private readonly chunks = new Map<number, Chunk>();
  // The segment found by the previous lookup: iteration asks about nearby instants in a row.
  private memoFrom = 1;
  private memoTo = 0;
  private memoOffset = 0;

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  }

  /** Seconds east of UTC in effect at `instant`. */
  offsetAt(instant: number): number {
    if (instant >= this.memoFrom && instant < this.memoTo) return this.memoOffset;
    const index = Math.floor(instant / CHUNK);
    let chunk = this.chunks.get(index);
    if (chunk === undefined) {
      chunk = this.buildChunk(index);
      this.chunks.set(index, chunk);
    }
    let i = chunk.starts.length - 1;
    while (chunk.starts[i] > instant) i--;
    this.memoFrom = chunk.starts[i];
    this.memoTo = i + 1 < chunk.starts.length ? chunk.starts[i + 1] : (index + 1) * CHUNK;
    this.memoOffset = chunk.offsets[i];
    return this.memoOffset;
  }

  /** The instant a wall time denotes, resolving ambiguity and gaps the way Python does. */
  toInstant(wall: number, fold: 0 | 1): number {
    const before = this.offsetAt(wall - DAY);
    const after = this.offsetAt(wall + DAY);
    const early = wall - before;
    if (before === after && this.offsetAt(early) === before) return early;
    const late = wall - after;
    const earlyValid = this.offsetAt(early) === before;
    const lateValid = this.offsetAt(late) === after;
    if (earlyValid && lateValid) return fold === 0 ? early : late;
    if (earlyValid) return early;
    if (lateValid) return late;
    return fold === 0 ? early : late;
  }

  /** The wall time at `instant`, with fold = 1 for the second pass through a repeated hour. */
  toWall(instant: number): WallTime {
    const offset = this.offsetAt(instant);
    const wall = instant + offset;
    const previous = this.offsetAt(instant - DAY);
    if (previous > offset) {
      const firstPass = wall - previous;
      if (firstPass < instant && this.offsetAt(firstPass) === previous) return { wall, fold: 1 };
    }
    return { wall, fold: 0 };
  }

  /** True when the wall time never appears on clocks here (it falls in a spring-forward gap). */
  isImaginary(wall: number): boolean {
    const instant = this.toInstant(wall, 0);
    return instant + this.offsetAt(instant) !== wall;
  }

  /** For a wall time inside a gap: the first wall second after that gap. */
  gapEnd(wall: number): number {
    const before = this.offsetAt(wall - DAY);
    const after = this.offsetAt(wall + DAY);
    if (after <= before) return wall + 1;
    // The transition lies in (wall - after, wall - before]; find its exact second.
    let lo = wall - after;
    let hi = wall - before;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.offsetAt(mid) === after) hi = mid;
      else lo = mid;
    }
    return hi + after;
  }

  private rawOffset(instant: number): number {
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    for (const part of this.format.formatToParts(instant * 1000)) {
      switch (part.type) {
        case "year":
          year = Number(part.value);
          break;
        case "month":
          month = Number(part.value);
          break;
        case "day":
          day = Number(part.value);
          break;
        case "hour":
          hour = Number(part.value);
          break;
        case "minute":
          minute = Number(part.value);
          break;
        case "second":
          second = Number(part.value);
          break;
      }
    }
    return wallFromParts(year, month, day, hour, minute, second) - instant;
  }

  private buildChunk(index: number): Chunk {
    const start = index * CHUNK;
    const end = start + CHUNK;
    const starts = [start];
    const offsets = [this.rawOffset(start)];
    let from = start;
    let fromOffset = offsets[0];
    while (from < end) {
      const to = Math.min(from + DAY, end);
      const toOffset = this.rawOffset(to);
      // Several changes within one day are found one after another; a change that is undone
      // within the same day would be missed, which no zone in tzdata does since 1970.
      while (toOffset !== fromOffset) {
        let lo = from;
        let hi = to;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (this.rawOffset(mid) === fromOffset) lo = mid;
          else hi = mid;
        }
        if (hi === end) break;
        fromOffset = this.rawOffset(hi);
        from = hi;
        starts.push(hi);
        offsets.push(fromOffset);
      }
      from = to;
      fromOffset = toOffset;
    }
    return { starts, offsets };
  }
}

const zones = new Map<string, Zone>();

/** The zone for an ICU zone name (cached); throws a RangeError for a name ICU does not know. */
export function getZone(name: string): Zone {
  let zone = zones.get(name);
  if (zone === undefined) {
    zone = new Zone(name);
    zones.set(name, zone);
  }
  return zone;
}
