// Our own presence, reported as Zulip's web app does (web/src/activity.ts): POST
// /users/me/presence every server_presence_ping_interval_seconds with status "active" unless
// nobody used the window for 5 minutes (then "idle", until the next input or focus); `new_user_input`
// says whether there was input since the last report; the answer (ping_only=false, with
// last_update_id) brings everyone's changed presence. Coming back to the window (focus, or
// input after being idle) reports at once with ping_only=true. Everyone's presence is read
// once with GET /realm/presence when the user list is in.
import { effect } from "@preact/signals";
import { ApiError, api } from "./client";
import { limits } from "../state/limits";
import { mergeModern, noteOwnPresence, noteServerTime, setLegacy, tickClock } from "../state/presence";
import { firstViewShown, session } from "../state/session";
import { users, whenUsersLoaded } from "../state/users";

/** Zulip's DEFAULT_IDLE_TIMEOUT_MS: no input for this long makes the client idle. */
export const IDLE_AFTER_MS = 5 * 60 * 1000;

let active = typeof document === "undefined" ? true : document.hasFocus();
let newUserInput = true;
let lastUpdateId = -1;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let clockTimer: ReturnType<typeof setInterval> | undefined;
let generation = 0;

async function report(pingOnly: boolean): Promise<void> {
  const me = session.peek();
  if (!me) return;
  const status = active ? "active" : "idle";
  noteOwnPresence(me.userId, active);
  const input = newUserInput;
  newUserInput = false;
  try {
    const answer = await api.post<{ presences?: Record<string, { active_timestamp: number; idle_timestamp: number }>; server_timestamp?: number; presence_last_update_id?: number }>("/users/me/presence", {
      status,
      ping_only: pingOnly,
      new_user_input: input,
      slim_presence: true,
      last_update_id: lastUpdateId,
    });
    if (answer.server_timestamp) noteServerTime(answer.server_timestamp);
    if (answer.presences) mergeModern(answer.presences);
    if (typeof answer.presence_last_update_id === "number") lastUpdateId = answer.presence_last_update_id;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // offline or signed out: the next interval tries again
  }
}

let lastInput = 0;
function becameActive(): void {
  newUserInput = true;
  // (pointer moves come many a second: the idle countdown restarts at most once a second)
  if (active && Date.now() - lastInput < 1000) return;
  lastInput = Date.now();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => (active = false), IDLE_AFTER_MS);
  if (!active) {
    active = true;
    void report(true);
  }
}

async function loadEveryone(mine: number): Promise<void> {
  try {
    const answer = await api.get<{ presences: Record<string, Record<string, { status?: string; timestamp?: number }>>; server_timestamp: number }>("/realm/presence");
    if (mine !== generation) return;
    noteServerTime(answer.server_timestamp);
    const byEmail = new Map([...users.peek().values()].map((u) => [u.email.toLowerCase(), u.user_id]));
    setLegacy(answer.presences, (email) => byEmail.get(email.toLowerCase()));
  } catch {
    // the periodic reports bring presence too
  }
}

let listening = false;

/**
 * Starts reporting once the first view is on screen (after each /register: the update ids
 * start over with a fresh load).
 */
export function startPresence(): void {
  const mine = ++generation;
  const dispose = effect(() => {
    if (!firstViewShown.value) return;
    queueMicrotask(() => dispose());
    if (mine === generation) begin(mine);
  });
}

function begin(mine: number): void {
  lastUpdateId = -1;
  whenUsersLoaded(() => void loadEveryone(mine));
  clearInterval(pingTimer);
  clearInterval(clockTimer);
  void report(false);
  pingTimer = setInterval(() => void report(false), limits.presencePingSeconds * 1000);
  // Statuses age (active becomes idle, then offline) between reports.
  clockTimer = setInterval(tickClock, 15_000);
  if (listening) return;
  listening = true;
  idleTimer = setTimeout(() => (active = false), IDLE_AFTER_MS);
  window.addEventListener("focus", becameActive);
  for (const type of ["keydown", "pointerdown", "pointermove", "wheel", "touchstart"]) window.addEventListener(type, () => becameActive(), { passive: true, capture: true });
}
