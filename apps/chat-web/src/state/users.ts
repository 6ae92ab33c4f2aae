// Users of the organization by id, kept by realm_user events. The list is not part of
// /register: in an organization of 10,000 people it is megabytes of JSON the first view does
// not need (messages carry their senders' names). It is fetched once the first view is up
// (api/users.ts); realm_user events that arrive before it are held and applied after it.
import { signal } from "@preact/signals";
import type { User } from "./types";

export const users = signal<ReadonlyMap<number, User>>(new Map());
/** False until the list has arrived (and again after a re-register, until it is reloaded). */
export const usersLoaded = signal(false);

let held: (() => void)[] = [];

/** Forgets the list (a re-register): events are held again until the next setUsers. */
export function expectUsers(): void {
  usersLoaded.value = false;
  held = [];
}

export function setUsers(list: User[]): void {
  users.value = new Map(list.map((u) => [u.user_id, u]));
  usersLoaded.value = true;
  // Changes that came while the list was on its way: applying one the list already shows
  // changes nothing; one made after the list was read brings it up to date.
  const waiting = held;
  held = [];
  for (const change of waiting) change();
}

/** Runs a realm_user change now, or once the list is in. */
export function whenUsersLoaded(change: () => void): void {
  if (usersLoaded.peek()) change();
  else held.push(change);
}

export function updateUser(id: number, change: Partial<User>): void {
  const old = users.peek().get(id);
  if (!old) return;
  const next = new Map(users.peek());
  next.set(id, { ...old, ...change });
  users.value = next;
}

export function addUser(user: User): void {
  const next = new Map(users.peek());
  next.set(user.user_id, user);
  users.value = next;
}

export function userName(id: number): string {
  return users.peek().get(id)?.full_name ?? "Unknown user";
}

/** A person's name for display: "…" while the list is loading, then the name. */
export function displayName(id: number): string {
  const user = users.value.get(id);
  if (user) return user.full_name;
  return usersLoaded.value ? "Unknown user" : "…";
}

/**
 * The address to show for a person: their real one when the server lets this viewer see it
 * (delivery_email), else nothing. Their `email` may be a stand-in (`user12@…`) meant for the API.
 */
export function visibleEmail(user: User): string | null {
  return user.delivery_email ?? null;
}

/** Resolves what a person typed in the DM "to" field: an email or a full name. */
export function findUser(text: string): User | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  for (const u of users.peek().values()) if (u.email.toLowerCase() === wanted || visibleEmail(u)?.toLowerCase() === wanted) return u;
  for (const u of users.peek().values()) if (u.full_name.toLowerCase() === wanted) return u;
  return undefined;
}
