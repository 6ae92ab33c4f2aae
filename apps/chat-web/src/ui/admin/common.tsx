// Shared by the administration panes: Zulip's role names and values, and a channel picker.
import { knownChannels } from "../../state/channels";

/** Zulip's roles, most powerful first (UserProfile.ROLE_TYPES). */
export const ROLES: [number, string][] = [
  [100, "Owner"],
  [200, "Administrator"],
  [300, "Moderator"],
  [400, "Member"],
  [600, "Guest"],
];
export const roleName = (role: number | undefined) => ROLES.find(([r]) => r === role)?.[1] ?? "Member";

export function ChannelPicker({ chosen, onChange }: { chosen: ReadonlySet<number>; onChange: (next: Set<number>) => void }) {
  const channels = knownChannels();
  return (
    <fieldset class="settings-channels">
      <legend>Channels</legend>
      {channels.map((c) => (
        <label key={c.stream_id} class="settings-toggle">
          <input
            type="checkbox"
            checked={chosen.has(c.stream_id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if ((e.currentTarget as HTMLInputElement).checked) next.add(c.stream_id);
              else next.delete(c.stream_id);
              onChange(next);
            }}
          />
          <span>#{c.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
