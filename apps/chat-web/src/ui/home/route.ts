// Zulip's two home views, `#inbox` and `#recent`: each takes the message pane's place while its
// fragment is in the address bar (the narrow under it stays as it was). Only their names are
// here; their code loads when one is first opened (ui/home/HomePane.tsx).
import { signal } from "@preact/signals";
import { registerHashRoute } from "../../narrow/router";

export type HomeView = "inbox" | "recent";

/** The home view on screen, or null for the current narrow's messages. */
export const homeView = signal<HomeView | null>(null);

for (const name of ["inbox", "recent"] as const) {
  registerHashRoute({
    prefix: name,
    open: () => (homeView.value = name),
    close: () => void (homeView.peek() === name && (homeView.value = null)),
  });
}

export const HOME_TITLES: Record<HomeView, string> = { inbox: "Inbox", recent: "Recent conversations" };
