// The current narrow follows location.hash, so the back button, bookmarks and "#narrow/…"
// links inside messages all go through one place: go() pushes a history entry and sets the
// narrow (a plain click on a narrow's link goes through it too); the hashchange that follows
// finds it set, and the one back/forward makes sets it.
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
  if (route) return route.open(location.hash.replace(/^#/, ""));
  const next = fromLocation();
  // go() has shown it already (the hashchange comes a task later).
  if (hashOf(next) !== hashOf(currentNarrow.peek())) currentNarrow.value = next;
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
  // The narrow changes now, not a task later with the hashchange: behind whatever else is
  // queued (a loaded machine), that task came tens of ms after the click.
  if (!hashRoutes.some((r) => isUnder(hash, r.prefix))) currentNarrow.value = fromLocation();
}

/** A plain click on a narrow's link (the sidebar's, a header's) goes there as go() does. */
function followLink(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href^='#narrow/']") : null;
  const hash = link?.getAttribute("href");
  if (!hash || link!.hasAttribute("target") || hash === location.hash) return;
  event.preventDefault();
  go(hash);
}

let listening = false;
export function startRouter(): void {
  followLocation();
  if (listening) return;
  listening = true;
  window.addEventListener("hashchange", followLocation);
  document.addEventListener("click", followLink);
}
