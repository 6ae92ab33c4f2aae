// Being told: desktop notifications (the browser's Notifications API) and a sound for the new
// messages that the user's settings ask for (rules.ts), the unread count on the tab's icon
// (favicon.ts), and a banner asking for the browser's permission — asked only when the person
// clicks it, never on load. Loaded after the first view (ui/notify/host.tsx).
import { effect, signal } from "@preact/signals";
import { hashOf } from "../../narrow/router";
import { dmPeers, matchesNarrow } from "../../narrow/narrow";
import { currentNarrow } from "../../narrow/router";
import { subscriptionById } from "../../state/channels";
import { onNewMessage } from "../../state/live";
import { mutedUsers, topicPolicy } from "../../state/muting";
import { session } from "../../state/session";
import { userSettings } from "../../state/settings";
import { unreadCounts } from "../../state/unreads";
import type { Message } from "../../state/types";
import { homeView } from "../home/route";
import { Icon } from "../Icon";
import { showCountOnIcon } from "./favicon";
import { plainText, wantsDesktop, wantsSound, type Context } from "./rules";
import { chime } from "./sound";
import "./notify.css";

const DISMISSED_KEY = "beacon.notifications.banner-dismissed";
const supported = typeof Notification !== "undefined";
const permission = signal<NotificationPermission>(supported ? Notification.permission : "denied");
const dismissed = signal(readDismissed());

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

function contextOf(m: Message): Context {
  const me = session.peek()!.userId;
  return {
    myUserId: me,
    settings: userSettings.peek(),
    subscription: m.type === "stream" && m.stream_id !== undefined ? (subscriptionById.peek().get(m.stream_id) as Context["subscription"]) : undefined,
    senderMuted: mutedUsers.peek().has(m.sender_id),
    topicPolicy: m.type === "stream" && m.stream_id !== undefined ? topicPolicy(m.stream_id, m.subject) : 0,
  };
}

/** The person is looking at this message's conversation right now: nothing to tell. */
function inSight(m: Message): boolean {
  return document.visibilityState === "visible" && document.hasFocus() && !homeView.peek() && matchesNarrow(currentNarrow.peek(), m, session.peek()!.userId);
}

function titleOf(m: Message, me: number): string {
  if (m.type === "private") {
    const peers = dmPeers(m, me);
    return peers.length > 1 ? `${m.sender_full_name} (to you and ${peers.length - 1} more)` : m.sender_full_name;
  }
  const channel = typeof m.display_recipient === "string" ? m.display_recipient : "";
  return `${m.sender_full_name} (#${channel} > ${m.subject})`;
}

function notify(m: Message): void {
  if (inSight(m)) return;
  const c = contextOf(m);
  if (wantsSound(m, c)) chime();
  if (!supported || Notification.permission !== "granted" || !wantsDesktop(m, c)) return;
  const me = c.myUserId;
  const showContent = m.type !== "private" || c.settings.pm_content_in_desktop_notifications !== false;
  let notification: Notification;
  try {
    notification = new Notification(titleOf(m, me), {
      body: showContent ? plainText(m.content) : "New direct message",
      tag: `beacon-${m.type === "private" ? `dm-${dmPeers(m, me).join(",")}` : `${m.stream_id}-${m.subject.toLowerCase()}`}`,
      icon: "/static/webapp/favicon.svg",
    });
  } catch {
    // Some browsers (Chrome on Android) make notifications for service workers only: the page's
    // constructor throws. Nothing to show, and the message's other listeners (after this one)
    // must still hear of it.
    return;
  }
  notification.onclick = () => {
    window.focus();
    const narrow = m.type === "private" ? { dm: dmPeers(m, me) } : { channelId: m.stream_id!, topic: m.subject };
    location.hash = hashOf({ ...narrow, near: m.id });
    notification.close();
  };
}

let started = false;
export function startNotifications(): void {
  if (started) return;
  started = true;
  onNewMessage(notify);
  effect(() => void showCountOnIcon(unreadCounts.value.feed));
}

async function ask(): Promise<void> {
  if (!supported) return;
  permission.value = await Notification.requestPermission();
}

function dismiss(): void {
  dismissed.value = true;
  try {
    localStorage.setItem(DISMISSED_KEY, "1");
  } catch {
    // this page only
  }
}

/** Asks for permission when desktop notifications are on and the browser has not been asked. */
export function NotificationBanner() {
  const wanted = userSettings.value.enable_desktop_notifications !== false;
  if (!supported || !wanted || permission.value !== "default" || dismissed.value) return null;
  return (
    <div class="notify-banner" role="region" aria-label="Desktop notifications" data-testid="notify-banner">
      <Icon name="bell" size={18} />
      <span>Get a desktop notification for direct messages, mentions and followed topics.</span>
      <button type="button" class="notify-enable" data-testid="notify-enable" onClick={() => void ask()}>
        Enable notifications
      </button>
      <button type="button" class="notify-dismiss" aria-label="Not now" onClick={dismiss}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
