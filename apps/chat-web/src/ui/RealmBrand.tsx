// The organization where Zulip's navbar shows it, in the header (at the top of the sidebar's
// drawer on a phone, whose header has no room): its uploaded logo (the night logo in the dark
// theme, when there is one), else its icon and name. Both follow the realm's update_dict
// events, so a new picture shows without a reload.
import { realmSettings, userSettings } from "../state/settings";

/** Zulip's color_scheme: 2 dark, 3 light, 1 the system's. */
const darkTheme = (scheme: unknown) => scheme === 2 || (scheme !== 3 && matchMedia("(prefers-color-scheme: dark)").matches);

export function RealmBrand({ name, testId = "realm-brand" }: { name: string; testId?: string }) {
  const r = realmSettings.value;
  const night = darkTheme(userSettings.value.color_scheme) && r.night_logo_source === "U";
  const logo = night ? r.night_logo_url : r.logo_source === "U" ? r.logo_url : null;
  return (
    <span class={`realm-brand ${typeof logo === "string" ? "has-logo" : ""}`} data-testid={testId}>
      {typeof r.icon_url === "string" && <img class="realm-icon" src={r.icon_url} alt="" width={20} height={20} />}
      {typeof logo === "string" ? <img class="realm-logo" src={logo} alt={name} /> : <span class="realm-name">{name}</span>}
    </span>
  );
}
