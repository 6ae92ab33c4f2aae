// Entry point: starts the session (register + event queue) or shows the sign-in page, and
// mounts the app. See ui/App.tsx for the screens, api/ for the server, state/ for the stores.
import { render } from "preact";
import { ApiError, whenSignedOut } from "./api/client";
import { start, stop } from "./api/events";
import { hashToNarrow } from "./narrow/hash";
import { currentNarrow, startRouter } from "./narrow/router";
import { restoreDraft } from "./state/compose";
import { prefetchView } from "./state/messages";
import { loadLikelyViewsAhead } from "./state/prefetch";
import { firstViewShown, notice, phase } from "./state/session";
import { App, inviteKeyOf } from "./ui/App";
import { applyAppearance } from "./ui/appearance";
import { warmUpLocaleData } from "./ui/format";
import "./ui/app.css";

whenSignedOut(() => {
  stop();
  phase.value = "signed-out";
});

async function boot(): Promise<void> {
  // An invitation link always shows its sign-up page, whoever is signed in.
  if (inviteKeyOf(location.pathname)) {
    phase.value = "signed-out";
    return;
  }
  // The server marks a page served to a live session (routes/web-app.ts, a cookie the page can
  // read): without it the sign-in form shows at once, and nothing is asked of /json that
  // would only be refused.
  if (!/(?:^|;\s*)beacon_chat_signed_in=1(?:;|$)/.test(document.cookie)) {
    phase.value = "signed-out";
    return;
  }
  // The first narrow's messages load alongside /register (legacy names wait for the router).
  const early = hashToNarrow(location.hash, () => undefined, 0);
  if (early) prefetchView(early);
  for (let attempt = 0; ; attempt++) {
    try {
      await start();
      // Marks for the benchmark's breakdown of the first view (bench/chat-web.ts).
      performance.mark("beacon:registered");
      if (location.pathname !== "/") history.replaceState(null, "", `/${location.hash}`);
      notice.value = null;
      phase.value = "ready";
      return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        phase.value = "signed-out";
        return;
      }
      // The server is down or restarting: say so on the loading screen and try again.
      notice.value = `Cannot reach the chat server (${(error as Error).message}). Trying again…`;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 15_000)));
    }
  }
}

// The first requests go out before anything is drawn; the loading screen and the locale data
// (ui/format.ts) are made while they are on their way.
void boot();
restoreDraft();
render(<App />, document.getElementById("app")!);
applyAppearance();
startRouterWhenReady();
setTimeout(warmUpLocaleData, 0);
// The channels the reader may open next load once the first view is on screen, and the page
// of a narrow followed (a click, a link) is asked for before anything is redrawn for it.
firstViewShown.subscribe((shown) => shown && loadLikelyViewsAhead());
currentNarrow.subscribe((narrow) => {
  if (phase.peek() === "ready") void prefetchView(narrow);
});

function startRouterWhenReady(): void {
  // Narrows name channels and users: read the hash once their lists are in.
  const unsubscribe = phase.subscribe((p) => {
    if (p === "ready") {
      startRouter();
      queueMicrotask(() => unsubscribe());
    }
  });
}
