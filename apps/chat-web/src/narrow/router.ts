// The current narrow follows location.hash, so the back button, bookmarks and "#narrow/…"
// links inside messages all go through one place: go() pushes a history entry, and the
// hashchange that follows (or the one back/forward makes) sets the narrow.
import { signal } from "@preact/signals";
import { channelByName, channelName } from "../state/channels";
import { session } from "../state/session";
import { userName } from "../state/users";
import { hashToNarrow, narrowToHash } from "./hash";
import { FEED, type Narrow } from "./narrow";

export const currentNarrow = signal<Narrow>(FEED);

export const hashOf = (n: Narrow) => narrowToHash(n, { channelName, userName });

/**
 * A fragment that opens an overlay over the current narrow instead of changing it: Zulip's
 * `#channels/all`, `#groups`, `#settings/…`. `open` gets the fragment without "#" each time it
 * changes to one under `prefix`; `close` runs when the fragment goes back to a narrow.
 */
export interface HashRoute {
  prefix: string;
  open(path: string): void;
  close(): void;
}
const hashRoutes: HashRoute[] = [];
let routed: HashRoute | null = null;

export function registerHashRoute(route: HashRoute): void {
  hashRoutes.push(route);
}

/** Leaves an overlay's fragment for the narrow under it (no new history entry, no reload). */
export function leaveHashRoute(): void {
  routed?.close();
  routed = null;
  if (hashRoutes.some((r) => isUnder(location.hash, r.prefix))) history.replaceState(null, "", hashOf(currentNarrow.peek()));
}

const isUnder = (hash: string, prefix: string) => {
  const path = hash.replace(/^#/, "");
  return path === prefix || path.startsWith(`${prefix}/`);
};

function followLocation(): void {
  const route = hashRoutes.find((r) => isUnder(location.hash, r.prefix));
  if (routed && routed !== route) routed.close();
  routed = route ?? null;
  if (route) route.open(location.hash.replace(/^#/, ""));
  else currentNarrow.value = fromLocation();
}

function fromLocation(): Narrow {
  return hashToNarrow(location.hash, channelByName, session.peek()?.userId ?? 0) ?? FEED;
}

export function go(target: Narrow | string): void {
  const hash = typeof target === "string" ? target : hashOf(target);
  if (hash === location.hash) {
    currentNarrow.value = fromLocation();
    return;
  }
  location.hash = hash;
}

let listening = false;
export function startRouter(): void {
  followLocation();
  if (listening) return;
  listening = true;
  window.addEventListener("hashchange", followLocation);
}
