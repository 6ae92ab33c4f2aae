// The alert worker's clock, which knows about steps of the wall clock (NTP correcting a drifted
// clock, an operator's `date -s`, a virtual machine resumed from a snapshot). Without it a step
// forward larger than a check's grace would carry every such check past its deadline at once
// and send their alerts, though no ping was missed in real time. So for a while after a
// forward step (JUMP_HOLD_MS at most, the step's own length when shorter) checks are judged by
// the clock as it would read without the step: the ones the step alone made late get that
// long for their pings to arrive, and those still silent then go down (their flips dated at
// their deadlines, as always). Checks already late before the step go down at once.
import { ClockJumpDetector } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";

/** The longest a forward step holds back the checks it made late. */
export const JUMP_HOLD_MS = 2 * 60_000;

// One per process (per deps): the worker loop and the cycles tests drive share it.
const detectors = new WeakMap<MonitorDeps, ClockJumpDetector>();

function detector(deps: MonitorDeps): ClockJumpDetector {
  let found = detectors.get(deps);
  if (!found) {
    found = new ClockJumpDetector(deps.clock, deps.log, {
      name: "alert worker",
      forward: `checks it carried past their deadline get up to ${JUMP_HOLD_MS / 60_000} minutes for a ping before they are marked down`,
      back: "checks are marked down later by as much, unless a ping comes",
    });
    found.sample();
    detectors.set(deps, found);
  }
  return found;
}

/** "Now" for deciding which checks are due: the wall clock, held back after a forward step. */
export function dueNow(deps: MonitorDeps): number {
  return detector(deps).heldNow(JUMP_HOLD_MS);
}

/** Real time until a hold ends and its checks are judged again, or undefined. */
export function holdEndsIn(deps: MonitorDeps): number | undefined {
  return detector(deps).holdEndsIn(JUMP_HOLD_MS);
}
