// A permission held by a group (Zulip's group-setting value): a choice among the system roles
// and the organization's user groups. A value naming people directly (an anonymous group, set
// through the API) shows as it is and stays until another group is chosen.
import { describeSetting, groupLabel, settingChoices, userGroups } from "../../state/groups";
import { userName } from "../../state/users";

export function GroupSelect({ label, value, onChange, disabled, name }: { label: string; value: unknown; onChange: (groupId: number) => void; disabled?: boolean; name?: string }) {
  const groups = userGroups.value;
  if (!groups) {
    return (
      <label>
        <span>{label}</span>
        <select disabled aria-busy="true">
          <option>Loading…</option>
        </select>
      </label>
    );
  }
  const choices = settingChoices(groups);
  const anonymous = typeof value !== "number";
  return (
    <label>
      <span>{label}</span>
      <select name={name} disabled={disabled} value={anonymous ? "custom" : String(value)} onChange={(e) => e.currentTarget.value !== "custom" && onChange(Number(e.currentTarget.value))}>
        {anonymous && <option value="custom">{describeSetting(value, groups, userName)}</option>}
        {choices.map((g) => (
          <option key={g.id} value={g.id}>
            {groupLabel(g)}
          </option>
        ))}
      </select>
    </label>
  );
}
