// The organization's overlays and the fragments that open them (Zulip's `#channels/…`), each
// loaded the first time it opens: this module holds only their names.
import { registerHashRoute } from "../../narrow/router";
import { closeModal, modal, openModal, registerModal } from "../overlays";

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
