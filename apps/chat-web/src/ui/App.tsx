// The app's screens: sign-up (an invitation link), sign-in (no session), or the chat itself
// (header, sidebar, the current narrow's messages and the compose box).
import { useSignal } from "@preact/signals";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import type { ComponentType } from "preact";
import { narrowKey, type Narrow } from "../narrow/narrow";
import { currentNarrow } from "../narrow/router";
import { channelName } from "../state/channels";
import { currentView, openView, viewSerial } from "../state/messages";
import { notice, phase, session } from "../state/session";
import { displayName } from "../state/users";
import { signOut } from "./auth";
import { Compose } from "./Compose";
import { Icon } from "./Icon";
import { listenForShortcuts, onEscape } from "./keys";
import { OverlayHost } from "./overlays";
import "./org/routes";
import { Login } from "./Login";
import { MessageList } from "./MessageList";
import { Sidebar } from "./Sidebar";
import { PeoplePanel, PeopleToggle, peopleOpen } from "./people/PeoplePanel";
import { SearchBar } from "./search/SearchBar";
import { TypingNotice } from "./TypingNotice";
import { HeaderLinks } from "./settings/HeaderLinks";
import { HomePane } from "./home/HomePane";
import { NotificationHost } from "./notify/host";
import { HOME_TITLES, homeView } from "./home/route";
import { documentTitle } from "./home/title";
import { unreadCounts } from "../state/unreads";
import { RealmBrand } from "./RealmBrand";

/** The invitation key of a sign-up address (/join/<key>/, /accounts/do_confirm/<key>). */
export function inviteKeyOf(path: string): string | null {
  return /^\/(?:join|accounts\/do_confirm)\/([^/]+)\/?$/.exec(path)?.[1] ?? null;
}

function title(n: Narrow): string {
  if (n.terms) return "Search results";
  if (n.dm) return n.dm.length ? n.dm.map(displayName).join(", ") : "Notes to self";
  if (n.is === "mentioned") return "Mentions";
  if (n.is === "starred") return "Starred messages";
  if (n.channelId !== undefined) return `#${channelName(n.channelId) ?? "unknown channel"}${n.topic !== undefined ? ` › ${n.topic || "general chat"}` : ""}`;
  return "Combined feed";
}

function MessageView() {
  const narrow = currentNarrow.value;
  const key = `${narrowKey(narrow)}@${narrow.near ?? ""}`;
  // Before the browser paints (not after the next frame, as useEffect would): the narrow's
  // messages are often in already (prefetched alongside /register) and show in this frame.
  useLayoutEffect(() => {
    document.documentElement.dataset.ready = "0";
    openView(narrow);
  }, [key]);
  const view = currentView.value;
  return (
    <>
      {view && <MessageList key={`${view.key}#${viewSerial.value}`} view={view} />}
      <TypingNotice />
      <Compose />
    </>
  );
}

function Chat() {
  const sidebarOpen = useSignal(false);
  const s = session.value!;
  const narrow = currentNarrow.value;
  const home = homeView.value;
  const heading = home ? HOME_TITLES[home] : title(narrow);
  useEffect(() => {
    sidebarOpen.value = false;
  }, [narrowKey(narrow), home]);
  // Zulip's tab title: "(3) #design > launch - Acme - Beacon", the count the combined feed's.
  const unread = unreadCounts.value.feed;
  useEffect(() => {
    document.title = documentTitle(unread, heading, s.realmName);
  }, [unread, heading, s.realmName]);
  useEffect(() => listenForShortcuts(), []);
  // The phone's drawer closes with Esc while it is open.
  useEffect(() => (sidebarOpen.value ? onEscape(() => (sidebarOpen.value = false)) : undefined), [sidebarOpen.value]);
  return (
    <main class={`app ${sidebarOpen.value ? "sidebar-open" : ""} ${peopleOpen.value ? "people-open" : ""}`} data-testid="app">
      <header class="app-header">
        <button type="button" class="icon-button menu-button" aria-label="Channels and conversations" aria-expanded={sidebarOpen.value} onClick={() => (sidebarOpen.value = !sidebarOpen.value)}>
          <Icon name="menu" size={18} />
        </button>
        <h1>{heading}</h1>
        <SearchBar />
        <RealmBrand name={s.realmName} />
        <HeaderLinks />
        <PeopleToggle />
        <button type="button" class="icon-button sign-out" data-testid="sign-out" onClick={() => void signOut()} title={`Signed in as ${s.email}`}>
          Sign out
        </button>
      </header>
      <div class="app-sidebar">
        <Sidebar />
      </div>
      {/* On a phone, the open drawer dims the page behind it; a tap there closes it. */}
      {sidebarOpen.value && <div class="sidebar-scrim" data-testid="sidebar-scrim" aria-hidden="true" onClick={() => (sidebarOpen.value = false)} />}
      <section class="app-main" aria-label="Messages and compose">
        {notice.value && (
          <div class="notice" role="status">
            {notice.value}
          </div>
        )}
        <NotificationHost />
        {home ? <HomePane view={home} /> : <MessageView />}
      </section>
      <PeoplePanel />
      <OverlayHost />
    </main>
  );
}

const SAMPLE = "The quick brown fox jumps over the lazy dog, 0123456789 #@›…";

/**
 * Text in each face the app uses, laid out off screen while the first requests are out. A new
 * page's first layout opens every font face it meets and shapes its words: done here, it cost
 * the first view 30–40 ms less on a slow machine (Chrome's trace: the first full layout).
 */
function TypeSamples() {
  return (
    <div class="type-samples" aria-hidden="true">
      <p>{SAMPLE}</p>
      <p class="semibold">{SAMPLE}</p>
      <p class="bold">{SAMPLE}</p>
      <p class="italic">{SAMPLE}</p>
      <p class="small">{SAMPLE}</p>
      <code>{SAMPLE}</code>
    </div>
  );
}

let signup: ComponentType<{ inviteKey: string }> | null = null;

/** The sign-up page (an invitation link): its code and the password meter's load only here. */
function LazySignup({ inviteKey }: { inviteKey: string }) {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!signup) void import("./Signup").then((m) => ((signup = m.Signup), loaded((n) => n + 1)));
  }, []);
  const Signup = signup;
  return Signup ? <Signup inviteKey={inviteKey} /> : <div class="app-loading" role="status">Loading…</div>;
}

export function App() {
  const key = inviteKeyOf(location.pathname);
  if (phase.value === "signed-out" && key) return <LazySignup inviteKey={key} />;
  if (phase.value === "signed-out") return <Login />;
  if (phase.value === "loading")
    return (
      <div class="app-loading" role="status">
        {notice.value ?? "Loading…"}
        <TypeSamples />
      </div>
    );
  return <Chat />;
}
