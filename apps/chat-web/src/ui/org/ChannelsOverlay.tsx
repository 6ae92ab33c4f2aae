// The channels overlay, at Zulip's fragments: `#channels/subscribed` and `#channels/all` (the
// browser), `#channels/new` (the creation form) and `#channels/<id>/<name>/general|personal` (a
// channel's settings). Loaded the first time one of them opens (ui/org/routes.ts).
import { useEffect } from "preact/hooks";
import { leaveHashRoute } from "../../narrow/router";
import { loadGroups } from "../../state/groups";
import { session } from "../../state/session";
import { closeModal, Modal } from "../overlays";
import { ChannelBrowser } from "./ChannelBrowser";
import { ChannelSettings } from "./ChannelSettings";
import { CreateChannel } from "./CreateChannel";
import "./org.css";

export type ChannelsPage = { kind: "browse"; tab: "all" | "subscribed" } | { kind: "new" } | { kind: "settings"; channelId: number; section: "general" | "personal" };

/** The page a `channels/…` fragment names (anything unknown shows the subscribed channels). */
export function channelsPage(path: string): ChannelsPage {
  const parts = path.split("/").slice(1);
  if (parts[0] === "all") return { kind: "browse", tab: "all" };
  if (parts[0] === "new") return { kind: "new" };
  if (parts[0] && /^\d+$/.test(parts[0])) return { kind: "settings", channelId: Number(parts[0]), section: parts[2] === "personal" ? "personal" : "general" };
  return { kind: "browse", tab: "subscribed" };
}

export default function ChannelsOverlay({ path }: { path: string }) {
  const page = channelsPage(path);
  // The permission pickers need the groups' names, and the rules which groups the user is in.
  useEffect(() => void loadGroups(session.peek()!.userId).catch(() => {}), []);
  const close = () => (leaveHashRoute(), closeModal());
  const title = page.kind === "new" ? "Create a channel" : page.kind === "settings" ? "Channel settings" : "Channels";
  return (
    <Modal title={title} wide onClose={close} testId="channels-overlay">
      {page.kind === "browse" && <ChannelBrowser tab={page.tab} />}
      {page.kind === "new" && <CreateChannel />}
      {page.kind === "settings" && <ChannelSettings key={page.channelId} channelId={page.channelId} section={page.section} />}
    </Modal>
  );
}
