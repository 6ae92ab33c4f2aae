// #organization/users: everyone in the organization, searched as one types, with role changes,
// deactivation and reactivation. The list is virtual (only the rows on screen are in the page)
// and searched over a prepared lower-case index, so 10,000 people filter within a keystroke.
import { computed, useSignal, type Signal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { api } from "../../api/client";
import { session } from "../../state/session";
import { users, usersLoaded, visibleEmail } from "../../state/users";
import type { User } from "../../state/types";
import { myRole, ROLE_OWNER } from "../../state/role";
import { attempt, StatusLine, type Status } from "../settings/kit";
import { ROLES, roleName } from "./common";

const ROW = 48;
const OVERSCAN = 6;

/** People (not bots), by name, each with the text a search looks in. */
const index = computed(() => {
  const collator = new Intl.Collator(undefined, { sensitivity: "base" });
  return [...users.value.values()]
    .filter((u) => !u.is_bot)
    .sort((a, b) => collator.compare(a.full_name, b.full_name))
    .map((user) => ({ user, text: `${user.full_name}\n${visibleEmail(user) ?? ""}`.toLowerCase() }));
});

// Sorting 10,000 names takes a while: done in an idle period once this code is in (usually
// loaded ahead, see settings/open.ts), so that the list's first showing finds it done. It is
// sorted again only after a change to the users.
if (typeof requestIdleCallback === "function") requestIdleCallback(() => void index.value, { timeout: 5000 });

export function filterUsers(query: string, active: boolean): User[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: User[] = [];
  for (const { user, text } of index.value) {
    if (user.is_active !== active) continue;
    if (words.every((w) => text.includes(w))) out.push(user);
  }
  return out;
}

export default function UsersList() {
  const query = useSignal("");
  const showActive = useSignal(true);
  const status = useSignal<Status>(null);
  const scrollTop = useSignal(0);
  const height = useSignal(480);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const measure = () => (height.value = el.clientHeight || 480);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  if (!usersLoaded.value) return <p class="settings-muted">Loading…</p>;
  const list = filterUsers(query.value, showActive.value);
  const first = Math.max(0, Math.floor(scrollTop.value / ROW) - OVERSCAN);
  const last = Math.min(list.length, Math.ceil((scrollTop.value + height.value) / ROW) + OVERSCAN);
  return (
    <div class="users-admin">
      <div class="settings-row">
        <input
          type="search"
          name="user-search"
          aria-label="Search people by name or e-mail"
          placeholder="Search by name or e-mail"
          value={query.value}
          data-testid="user-search"
          onInput={(e) => {
            query.value = (e.currentTarget as HTMLInputElement).value;
            box.current!.scrollTop = 0;
            scrollTop.value = 0;
          }}
        />
        <label class="settings-toggle">
          <input type="checkbox" checked={!showActive.value} onChange={(e) => (showActive.value = !(e.currentTarget as HTMLInputElement).checked)} data-testid="show-deactivated" />
          <span>Deactivated</span>
        </label>
        <span class="settings-muted" data-testid="user-count">
          {list.length} {list.length === 1 ? "person" : "people"}
        </span>
        <StatusLine status={status.value} testId="users-status" />
      </div>
      <div class="users-scroll" ref={box} onScroll={(e) => (scrollTop.value = (e.currentTarget as HTMLDivElement).scrollTop)} data-testid="users-list" role="list" aria-label="People">
        <div style={{ height: `${list.length * ROW}px`, position: "relative" }}>
          {list.slice(first, last).map((user, i) => (
            <UserRow key={user.user_id} user={user} top={(first + i) * ROW} status={status} />
          ))}
        </div>
      </div>
    </div>
  );
}

function UserRow({ user, top, status }: { user: User; top: number; status: Signal<Status> }) {
  const me = session.value!.userId === user.user_id;
  // Only an owner may make or unmake owners (Zulip's rule; the server checks it).
  const owner = myRole.value === ROLE_OWNER;
  const setRole = (role: number) => void attempt(status, () => api.patch(`/users/${user.user_id}`, { role }), `${user.full_name} is now ${roleName(role).toLowerCase()}`);
  const deactivate = () => {
    if (confirm(`Deactivate ${user.full_name}? They are signed out at once and cannot sign in.`)) void attempt(status, () => api.delete(`/users/${user.user_id}`), `${user.full_name} deactivated`);
  };
  const reactivate = () => void attempt(status, () => api.post(`/users/${user.user_id}/reactivate`), `${user.full_name} reactivated`);
  return (
    <div class="user-row" role="listitem" style={{ top: `${top}px`, height: `${ROW}px` }} data-testid="user-row" data-user-id={user.user_id}>
      <span class="user-row-name">
        <strong>{user.full_name}</strong>
        <small data-testid="user-row-email">{visibleEmail(user)}</small>
      </span>
      <select
        aria-label={`Role of ${user.full_name}`}
        value={String(user.role ?? 400)}
        disabled={me || (!owner && user.role === ROLE_OWNER) || !user.is_active}
        onChange={(e) => setRole(Number((e.currentTarget as HTMLSelectElement).value))}
        data-testid="user-role"
      >
        {ROLES.filter(([r]) => owner || r !== ROLE_OWNER || user.role === ROLE_OWNER).map(([r, name]) => (
          <option key={r} value={String(r)}>
            {name}
          </option>
        ))}
      </select>
      {user.is_active ? (
        <button type="button" class="button danger" disabled={me} onClick={deactivate} data-testid="user-deactivate">
          Deactivate
        </button>
      ) : (
        <button type="button" class="button" onClick={reactivate} data-testid="user-reactivate">
          Reactivate
        </button>
      )}
    </div>
  );
}
