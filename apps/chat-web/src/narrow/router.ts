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
  currentNarrow.value = fromLocation();
  if (listening) return;
  listening = true;
  window.addEventListener("hashchange", () => {
    currentNarrow.value = fromLocation();
  });
}
