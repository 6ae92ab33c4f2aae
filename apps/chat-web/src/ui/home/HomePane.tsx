// The message pane's place while a home view is open: the view's code loads on first use.
import { useEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";
import type { HomeView } from "./route";

const loaders: Record<HomeView, () => Promise<{ default: ComponentType }>> = {
  inbox: () => import("./Inbox"),
  recent: () => import("./Recent"),
};
const loaded = new Map<HomeView, ComponentType>();

export function HomePane({ view }: { view: HomeView }) {
  const [, setReady] = useState(0);
  useEffect(() => {
    if (!loaded.has(view)) void loaders[view]().then((m) => (loaded.set(view, m.default), setReady((n) => n + 1)));
  }, [view]);
  const View = loaded.get(view);
  return <div class="home-pane">{View ? <View /> : <p class="home-loading">Loading…</p>}</div>;
}
