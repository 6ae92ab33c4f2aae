// How the settings overlay is reached, in the first view's bundle (the overlay itself loads on
// first use): Zulip's fragments `#settings/<pane>` (personal) and `#organization/<pane>`
// (administration) open it on that pane (narrow/router.ts's hash routes); closing it goes back
// to the narrow under it.
import { leaveHashRoute, registerHashRoute } from "../../narrow/router";
import { isAdmin } from "../../state/role";
import { prefetchWhenIdle } from "../idle-prefetch";
import { closeModal, modal, openModal, preloadModal, registerModal } from "../overlays";

export type SettingsSection = "settings" | "organization";

const load = () => import("./SettingsOverlay");
registerModal("settings", load);
// The overlay, then the panes the menu's links open first (the administration's too for
// those who see it), each in its own idle period.
prefetchWhenIdle(() => preloadModal("settings"));
prefetchWhenIdle(() => load().then((m) => m.preloadPanes("settings")));
prefetchWhenIdle(async () => (isAdmin.peek() ? (await load()).preloadPanes("organization") : undefined));

/** The section and pane of a fragment (without "#"), or null for any other fragment. */
export function settingsRoute(path: string): { section: SettingsSection; pane: string } | null {
  const match = /^(settings|organization)(?:\/([a-z0-9-]*))?/.exec(path);
  if (!match) return null;
  const section = match[1] as SettingsSection;
  return { section, pane: match[2] || (section === "settings" ? "profile" : "organization-profile") };
}

const closeIfOpen = () => {
  if (modal.peek()?.name === "settings") closeModal();
};

for (const prefix of ["settings", "organization"]) {
  registerHashRoute({
    prefix,
    open: (path) => {
      const route = settingsRoute(path);
      if (route) void openModal("settings", route);
    },
    close: closeIfOpen,
  });
}

/** Closes the overlay and puts the narrow's fragment back. */
export function closeSettings(): void {
  closeIfOpen();
  leaveHashRoute();
}
