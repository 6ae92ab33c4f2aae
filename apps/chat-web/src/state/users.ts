// Users of the organization by id (realm_users from /register, kept by realm_user events).
import { signal } from "@preact/signals";
import type { User } from "./types";

export const users = signal<ReadonlyMap<number, User>>(new Map());

export function setUsers(list: User[]): void {
  users.value = new Map(list.map((u) => [u.user_id, u]));
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

/** Resolves what a person typed in the DM "to" field: an email or a full name. */
export function findUser(text: string): User | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  for (const u of users.peek().values()) if (u.email.toLowerCase() === wanted) return u;
  for (const u of users.peek().values()) if (u.full_name.toLowerCase() === wanted) return u;
  return undefined;
}
