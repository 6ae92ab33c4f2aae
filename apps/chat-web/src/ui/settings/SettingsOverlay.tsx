// The settings overlay, laid out as Zulip's: a menu on the left (personal settings, then the
// organization's for owners and administrators), the chosen pane on the right. Its fragment
// names the pane (`#settings/notifications`, `#organization/users`); the overlay's and the
// panes' code loads when the browser is idle after the first view (settings/open.ts), or else
// when a pane is first shown.
import { useSignal } from "@preact/signals";
import type { ComponentType } from "preact";
import { useEffect } from "preact/hooks";
import { isAdmin } from "../../state/role";
import { Modal } from "../overlays";
import { closeSettings, type SettingsSection } from "./open";
import "./settings.css";

/** A pane's code; `prefetch` fetches ahead what the pane shows first (its opening refreshes it). */
type PaneModule = Promise<{ default: ComponentType; prefetch?: () => Promise<unknown> }>;

interface PaneEntry {
  section: SettingsSection;
  pane: string;
  label: string;
  load: () => PaneModule;
}

const pick = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => () => load().then((m) => ({ default: m[name] }));
const personal = () => import("./PersonalPanes");
const org = () => import("../admin/OrgPanes");

export const PANES: PaneEntry[] = [
  { section: "settings", pane: "profile", label: "Profile", load: pick(personal, "ProfilePane") },
  { section: "settings", pane: "account-and-privacy", label: "Account & privacy", load: pick(personal, "AccountPane") },
  { section: "settings", pane: "preferences", label: "Preferences", load: pick(personal, "PreferencesPane") },
  { section: "settings", pane: "notifications", label: "Notifications", load: pick(personal, "NotificationsPane") },
  { section: "settings", pane: "muted-users", label: "Muted users", load: pick(personal, "MutedUsersPane") },
  { section: "settings", pane: "muted-topics", label: "Muted topics", load: pick(personal, "MutedTopicsPane") },
  { section: "settings", pane: "alert-words", label: "Alert words", load: pick(personal, "AlertWordsPane") },
  { section: "organization", pane: "organization-profile", label: "Organization profile", load: pick(org, "OrgProfilePane") },
  { section: "organization", pane: "organization-settings", label: "Organization settings", load: pick(org, "OrgSettingsPane") },
  { section: "organization", pane: "organization-permissions", label: "Permissions", load: pick(org, "PermissionsPane") },
  { section: "organization", pane: "default-channels-list", label: "Default channels", load: pick(org, "DefaultChannelsPane") },
  { section: "organization", pane: "invites-list-admin", label: "Invitations", load: () => import("../admin/Invitations") },
  { section: "organization", pane: "users", label: "Users", load: () => import("../admin/UsersList") },
  { section: "organization", pane: "bot-list-admin", label: "Bots", load: () => import("../admin/Bots") },
  { section: "organization", pane: "emoji-settings", label: "Custom emoji", load: pick(org, "EmojiPane") },
  { section: "organization", pane: "linkifier-settings", label: "Linkifiers", load: pick(org, "LinkifiersPane") },
  { section: "organization", pane: "playground-settings", label: "Code playgrounds", load: pick(org, "PlaygroundsPane") },
  { section: "organization", pane: "auth-methods", label: "Authentication methods", load: pick(org, "AuthMethodsPane") },
  { section: "organization", pane: "data-exports-admin", label: "Data exports", load: pick(org, "ExportsPane") },
];

const loadedPanes = new Map<string, ComponentType>();

/** Loads the code of a section's panes, and what they fetch first, ahead of their first showing (ui/idle-prefetch.ts). */
export async function preloadPanes(section: SettingsSection): Promise<void> {
  await Promise.all(
    PANES.filter((p) => p.section === section).map(async (entry) => {
      const key = `${entry.section}/${entry.pane}`;
      if (loadedPanes.has(key)) return;
      const module = await entry.load();
      loadedPanes.set(key, module.default);
      await module.prefetch?.();
    }),
  );
}

function Pane({ entry }: { entry: PaneEntry }) {
  const key = `${entry.section}/${entry.pane}`;
  const ready = useSignal(loadedPanes.has(key));
  const failed = useSignal<string | null>(null);
  useEffect(() => {
    if (loadedPanes.has(key)) return void (ready.value = true);
    ready.value = false;
    entry.load().then(
      (m) => {
        loadedPanes.set(key, m.default);
        ready.value = true;
      },
      (e: unknown) => void (failed.value = String(e)),
    );
  }, [key]);
  if (failed.value) return <p role="alert">This page could not be loaded ({failed.value}).</p>;
  const Component = ready.value ? loadedPanes.get(key) : undefined;
  return Component ? <Component /> : <p class="settings-muted">Loading…</p>;
}

export default function SettingsOverlay({ section, pane }: { section: SettingsSection; pane: string }) {
  const admin = isAdmin.value;
  const entries = PANES.filter((p) => p.section === "settings" || admin);
  const entry = PANES.find((p) => p.section === section && p.pane === pane);
  const refused = section === "organization" && !admin;
  useEffect(() => {
    performance.mark("beacon:settings-pane");
  }, [section, pane]);
  return (
    <Modal title={section === "organization" ? "Organization settings" : "Personal settings"} onClose={closeSettings} wide testId="settings">
      <div class="settings-layout">
        <nav class="settings-menu" aria-label="Settings">
          <h3>Personal</h3>
          {entries
            .filter((p) => p.section === "settings")
            .map((p) => (
              <MenuLink key={p.pane} entry={p} current={p === entry} />
            ))}
          {admin && <h3>Organization</h3>}
          {entries
            .filter((p) => p.section === "organization")
            .map((p) => (
              <MenuLink key={p.pane} entry={p} current={p === entry} />
            ))}
        </nav>
        <div class="settings-pane" data-testid={`pane-${pane}`}>
          {refused ? (
            <p role="alert" data-testid="admin-refused">
              Only the organization's owners and administrators can change its settings.
            </p>
          ) : entry ? (
            <>
              <h2 class="settings-pane-title">{entry.label}</h2>
              <Pane key={`${entry.section}/${entry.pane}`} entry={entry} />
            </>
          ) : (
            <p role="alert">There is no settings page named “{pane}”.</p>
          )}
        </div>
      </div>
    </Modal>
  );
}

function MenuLink({ entry, current }: { entry: PaneEntry; current: boolean }) {
  return (
    <a href={`#${entry.section}/${entry.pane}`} aria-current={current ? "page" : undefined} data-testid={`menu-${entry.pane}`}>
      {entry.label}
    </a>
  );
}
