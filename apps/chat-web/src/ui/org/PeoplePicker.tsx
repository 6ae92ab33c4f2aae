// Choosing people by name or e-mail (and, where allowed, a whole group at once): suggestions
// as one types, Enter or a click adds, each chosen person a chip with a remove button.
import { useSignal } from "@preact/signals";
import { groupLabel, userGroups } from "../../state/groups";
import { expandGroup, matchPeople } from "../../state/people-match";
import { findUser, users, visibleEmail } from "../../state/users";
import { Icon } from "../Icon";

export function PeoplePicker({ label, chosen, onChange, withGroups, testId }: { label: string; chosen: readonly number[]; onChange: (ids: number[]) => void; withGroups?: boolean; testId?: string }) {
  const text = useSignal("");
  const problem = useSignal<string | null>(null);
  const all = users.value;
  const typed = text.value.trim().toLowerCase();
  const people = matchPeople(all.values(), text.value).filter((u) => !chosen.includes(u.user_id));
  const groups = withGroups && typed ? (userGroups.value ?? []).filter((g) => !g.deactivated && g.name !== "role:nobody" && g.name !== "role:internet" && groupLabel(g).toLowerCase().includes(typed)).slice(0, 4) : [];

  const add = (ids: Iterable<number>) => {
    onChange([...new Set([...chosen, ...ids])]);
    text.value = "";
    problem.value = null;
  };
  const addTyped = () => {
    const user = findUser(text.value);
    if (user) return add([user.user_id]);
    const group = withGroups ? (userGroups.value ?? []).find((g) => groupLabel(g).toLowerCase() === typed || g.name.toLowerCase() === typed) : undefined;
    if (group) return add(expandGroup(group.id, userGroups.value ?? []));
    if (people.length === 1) return add([people[0]!.user_id]);
    if (typed) problem.value = `No one is named "${text.value.trim()}".`;
  };

  return (
    <div class="people-picker" data-testid={testId}>
      <div class="org-row">
        <input
          type="text"
          aria-label={label}
          placeholder={withGroups ? "Name, e-mail or group" : "Name or e-mail"}
          value={text.value}
          autocomplete="off"
          onInput={(e) => ((text.value = e.currentTarget.value), (problem.value = null))}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.isComposing) {
              e.preventDefault();
              addTyped();
            }
          }}
        />
        <button type="button" class="org-button" onClick={addTyped}>
          Add
        </button>
      </div>
      {(people.length > 0 || groups.length > 0) && (
        <ul class="picker-suggestions" role="listbox" aria-label="Suggestions">
          {groups.map((g) => (
            <li key={`g${g.id}`}>
              <button type="button" role="option" aria-selected="false" onClick={() => add(expandGroup(g.id, userGroups.value ?? []))}>
                <Icon name="people" size={14} /> {groupLabel(g)} <span class="org-hint">group</span>
              </button>
            </li>
          ))}
          {people.map((u) => (
            <li key={u.user_id}>
              <button type="button" role="option" aria-selected="false" onClick={() => add([u.user_id])}>
                <Icon name="person" size={14} /> {u.full_name} <span class="org-hint">{visibleEmail(u)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem.value && <p class="org-hint" role="alert">{problem.value}</p>}
      {chosen.length > 0 && (
        <ul class="org-chips" aria-label="Chosen">
          {chosen.map((id) => {
            const name = all.get(id)?.full_name ?? "Unknown user";
            return (
              <li key={id} data-testid="chosen-person">
                {name}
                <button type="button" aria-label={`Remove ${name}`} onClick={() => onChange(chosen.filter((x) => x !== id))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
