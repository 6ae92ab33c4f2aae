// The message view's dialogs, each loaded the first time it opens (ui/overlays.tsx).
import { registerModal } from "../overlays";

registerModal("delete-message", () => import("./DeleteMessage"));
registerModal("edit-history", () => import("./EditHistory"));
registerModal("read-receipts", () => import("./ReadReceipts"));
registerModal("move-topic", () => import("./MoveTopic"));
registerModal("shortcuts", () => import("./ShortcutList"));
