// The people list's data: everyone active (bots left out) with their presence status, sorted by
// presence (active, idle, offline) then name as Zulip's buddy list, recomputed only when people
// or presence change; and, per keystroke, the rows for a filter text (a linear pass).
import { computed } from "@preact/signals";
import { clock, presences, statusOf, type PresenceStatus } from "../../state/presence";
import { users } from "../../state/users";
import type { User } from "../../state/types";

export const ROW_HEIGHT = 30;
const ORDER: Record<PresenceStatus, number> = { active: 0, idle: 1, offline: 2 };
export const LABEL: Record<PresenceStatus, string> = { active: "Active", idle: "Idle", offline: "Offline" };

export interface Person {
  user: User;
  status: PresenceStatus;
  /** " name\0email", lowercased, for the filter */
  key: string;
}

let collator: Intl.Collator | undefined;

/** Everyone, by presence then name: recomputed when people or presence change, not per keystroke. */
export const sortedPeople = computed(() => {
  const now = clock.value;
  const raw = presences.value;
  const list: Person[] = [];
  for (const user of users.value.values()) {
    if (!user.is_active || user.is_bot) continue;
    list.push({ user, status: statusOf(raw.get(user.user_id), now), key: ` ${user.full_name.toLowerCase()}\u0000${user.email.toLowerCase()}` });
  }
  collator ??= new Intl.Collator(undefined, { sensitivity: "base" });
  const by = collator;
  return list.sort((a, b) => ORDER[a.status] - ORDER[b.status] || by.compare(a.user.full_name, b.user.full_name));
});

/** Whether a word of a person's name, or their email, starts with the (lowercased) filter text. */
export function matchesFilter(key: string, text: string): boolean {
  return !text || key.includes(` ${text}`) || key.includes(`\u0000${text}`);
}

export type Row = { kind: "header"; label: string; count: number } | { kind: "person"; person: Person };

/** The list's rows: the conversation's people (when it has some) under a heading, then everyone else. */
export function buildRows(people: readonly Person[], members: ReadonlySet<number> | null, inLabel: string, filter: string): Row[] {
  const text = filter.trim().toLowerCase();
  const inside: Row[] = [];
  const others: Row[] = [];
  for (const person of people) {
    if (!matchesFilter(person.key, text)) continue;
    (members?.has(person.user.user_id) ? inside : others).push({ kind: "person", person });
  }
  if (!members) return [{ kind: "header", label: "Users", count: others.length }, ...others];
  return [{ kind: "header", label: inLabel, count: inside.length }, ...inside, { kind: "header", label: "Others", count: others.length }, ...others];
}

