// The organization's overlays and the fragments that open them (Zulip's `#channels/…`), each
// loaded the first time it opens (the channel browser and user groups earlier, when the browser
// is idle after the first view): this module holds only their names.
import { registerHashRoute } from "../../narrow/router";
import { loadGroups } from "../../state/groups";
import { session } from "../../state/session";
import { prefetchWhenIdle } from "../idle-prefetch";
import { closeModal, modal, openModal, preloadModal, registerModal } from "../overlays";

function routedModal(prefix: string, name: string, load: Parameters<typeof registerModal>[1]): void {
  registerModal(name, load);
  registerHashRoute({
    prefix,
    open: (path) => void openModal(name, { path }),
    close: () => void (modal.peek()?.name === name && closeModal()),
  });
}

routedModal("channels", "channels", () => import("./ChannelsOverlay"));
routedModal("user", "profile", () => import("../people/Profile"));
routedModal("scheduled", "scheduled", () => import("../schedule/ScheduledList"));
routedModal("groups", "groups", () => import("./GroupsOverlay"));
prefetchWhenIdle(() => preloadModal("channels"));
prefetchWhenIdle(() => preloadModal("groups"));
// Both overlays show the organization's groups, which user_group events keep once loaded.
prefetchWhenIdle(() => loadGroups(session.peek()!.userId));
