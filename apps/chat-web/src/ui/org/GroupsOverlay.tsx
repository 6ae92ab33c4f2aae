// User groups, at `#groups` (Zulip's fragment): `#groups/your` and `#groups/all` list them,
// `#groups/new` creates one, `#groups/<id>/<name>` shows one: its name and description, members
// (added and removed by name), subgroups and permissions, each control only for those allowed
// (state/group-rules.ts). The list is fetched again after each change (GET /json/user_groups), and
// others' changes arrive as user_group events (state/groups.ts).
import { useComputed, useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api, ApiError } from "../../api/client";
import { encodeHashComponent } from "../../narrow/hash";
import { go, leaveHashRoute } from "../../narrow/router";
import { groupPermissions, mayCreateGroup } from "../../state/group-rules";
import { groupLabel, loadGroups, settingChoices, userGroups, type UserGroup } from "../../state/groups";
import { session } from "../../state/session";
import { realmSettings } from "../../state/settings";
import { users } from "../../state/users";
import { Icon } from "../Icon";
import { closeModal, Modal } from "../overlays";
import { GroupSelect } from "./GroupSelect";
import { PeoplePicker } from "./PeoplePicker";
import { whoAmI } from "./who";
import "./org.css";

const groupHash = (g: Pick<UserGroup, "id" | "name">) => `#groups/${g.id}/${encodeHashComponent(g.name.replace(/\s+/g, "-"))}`;

const PERMISSIONS: [setting: string, label: string][] = [
  ["can_manage_group", "Who can manage the group"],
  ["can_add_members_group", "Who can add members"],
  ["can_remove_members_group", "Who can remove members"],
  ["can_join_group", "Who can join"],
  ["can_leave_group", "Who can leave"],
  ["can_mention_group", "Who can mention it"],
];

/** Runs a change, refreshes the groups, and says what the server refused. */
function useChange() {
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const run = async (change: () => Promise<unknown>) => {
    busy.value = true;
    error.value = null;
    try {
      await change();
      return true;
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
      return false;
    } finally {
      await loadGroups(session.peek()!.userId, true).catch(() => {});
      busy.value = false;
    }
  };
  return { error, busy, run };
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p class="org-error" role="alert">
      {text}
    </p>
  ) : null;
}

export default function GroupsOverlay({ path }: { path: string }) {
  const parts = path.split("/").slice(1);
  // Usually loaded already (ui/org/routes.ts, when the browser was idle) and kept by
  // user_group events since.
  useEffect(() => void loadGroups(session.peek()!.userId).catch(() => {}), []);
  const close = () => (leaveHashRoute(), closeModal());
  const id = parts[0] && /^\d+$/.test(parts[0]) ? Number(parts[0]) : null;
  return (
    <Modal title="User groups" wide onClose={close} testId="groups-overlay">
      {!userGroups.value ? <p class="org-empty">Loading…</p> : parts[0] === "new" ? <CreateGroup /> : id !== null ? <GroupDetail key={id} groupId={id} /> : <GroupList tab={parts[0] === "all" ? "all" : "your"} />}
    </Modal>
  );
}

function GroupList({ tab }: { tab: "your" | "all" }) {
  const query = useSignal("");
  const me = session.value!.userId;
  const who = whoAmI();
  const list = useComputed(() => {
    const words = query.value.toLowerCase().split(/\s+/).filter(Boolean);
    return (userGroups.value ?? [])
      .filter((g) => !g.is_system_group && !g.deactivated && (tab === "all" || g.members.includes(me)) && words.every((w) => g.name.toLowerCase().includes(w)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }).value;
  return (
    <div data-testid="group-list">
      <nav class="org-tabs" aria-label="Which groups">
        <a href="#groups/your" aria-current={tab === "your" ? "page" : undefined}>
          Your groups
        </a>
        <a href="#groups/all" aria-current={tab === "all" ? "page" : undefined} data-testid="groups-all">
          All groups
        </a>
        <span class="grow" />
        {mayCreateGroup(realmSettings.value, who) && (
          <a class="org-button primary" href="#groups/new" data-testid="new-group">
            <Icon name="plus" size={14} /> Create group
          </a>
        )}
      </nav>
      <input class="org-filter" type="search" placeholder="Filter groups" aria-label="Filter groups" value={query.value} onInput={(e) => (query.value = e.currentTarget.value)} />
      <ul class="org-list" aria-label="Groups">
        {list.map((g) => (
          <li key={g.id} data-testid="group-entry" data-group-id={g.id}>
            <div class="org-item-main">
              <a class="org-item-title" href={groupHash(g)}>
                <Icon name="people" size={14} /> {g.name}
              </a>
              <div class="org-item-text">{g.description || "No description."}</div>
            </div>
            <span class="org-count" aria-label={`${g.members.length} members`}>
              <Icon name="person" size={14} />
              {g.members.length}
            </span>
          </li>
        ))}
      </ul>
      {!list.length && <p class="org-empty">{query.value ? "No group matches." : tab === "your" ? "You are in no user group." : "There are no user groups yet."}</p>}
    </div>
  );
}

function CreateGroup() {
  const me = session.value!.userId;
  const name = useSignal("");
  const description = useSignal("");
  const members = useSignal<number[]>([me]);
  const change = useChange();
  if (!mayCreateGroup(realmSettings.value, whoAmI())) return <p class="org-empty">Your organization does not let you create groups.</p>;
  const submit = async (event: Event) => {
    event.preventDefault();
    let created = 0;
    const ok = await change.run(async () => {
      created = (await api.post<{ group_id: number }>("/user_groups/create", { name: name.value.trim(), description: description.value.trim(), members: members.value })).group_id;
    });
    if (ok) go(groupHash({ id: created, name: name.value.trim() }));
  };
  return (
    <form class="org-form" onSubmit={submit} data-testid="create-group-form">
      <a class="org-back" href="#groups/your">
        ‹ User groups
      </a>
      <label>
        <span>Name</span>
        <input name="name" required maxLength={100} value={name.value} onInput={(e) => (name.value = e.currentTarget.value)} autofocus />
      </label>
      <label>
        <span>Description</span>
        <input name="description" maxLength={1024} value={description.value} onInput={(e) => (description.value = e.currentTarget.value)} />
      </label>
      <div class="org-form-field">
        <span class="org-label">Members</span>
        <PeoplePicker label="Add members" chosen={members.value} onChange={(ids) => (members.value = ids)} testId="member-picker" />
      </div>
      <Problem text={change.error.value} />
      <div class="org-actions">
        <a class="org-button" href="#groups/your">
          Cancel
        </a>
        <button type="submit" class="org-button primary" disabled={change.busy.value || !name.value.trim()} data-testid="create-group-submit">
          Create group
        </button>
      </div>
    </form>
  );
}

function GroupDetail({ groupId }: { groupId: number }) {
  const groups = userGroups.value ?? [];
  const group = groups.find((g) => g.id === groupId);
  const me = session.value!.userId;
  const who = whoAmI();
  const name = useSignal(group?.name ?? "");
  const description = useSignal(group?.description ?? "");
  const adding = useSignal<number[]>([]);
  const change = useChange();
  if (!group) return <p class="org-empty">No such group.</p>;
  const may = groupPermissions(group, realmSettings.value, who);
  const byId = users.value;
  const subgroups = group.direct_subgroup_ids.map((id) => groups.find((g) => g.id === id)).filter((g): g is UserGroup => Boolean(g));
  const candidates = settingChoices(groups).filter((g) => g.id !== group.id && !group.direct_subgroup_ids.includes(g.id) && !g.name.startsWith("role:nobody"));
  const path = `/user_groups/${group.id}`;
  const isMember = group.members.includes(me);

  const save = (event: Event) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (name.value.trim() !== group.name) fields.name = name.value.trim();
    if (description.value !== group.description) fields.description = description.value;
    if (Object.keys(fields).length) void change.run(() => api.patch(path, fields));
  };

  return (
    <div data-testid="group-detail" data-group-id={group.id}>
      <a class="org-back" href="#groups/your">
        ‹ User groups
      </a>
      <h3 class="settings-title">
        <Icon name="people" size={16} /> {group.name}
        <span class="org-hint">{group.members.length} members</span>
        {(isMember ? may.leave : may.join) && (
          <button type="button" class="org-button small" data-testid="join-leave" onClick={() => void change.run(() => api.post(`${path}/members`, isMember ? { delete: [me] } : { add: [me] }))}>
            {isMember ? "Leave group" : "Join group"}
          </button>
        )}
      </h3>
      <Problem text={change.error.value} />
      <form class="org-form org-section" onSubmit={save}>
        <label>
          <span>Name</span>
          <input name="name" value={name.value} disabled={!may.manage} maxLength={100} onInput={(e) => (name.value = e.currentTarget.value)} />
        </label>
        <label>
          <span>Description</span>
          <input name="description" value={description.value} disabled={!may.manage} maxLength={1024} onInput={(e) => (description.value = e.currentTarget.value)} />
        </label>
        {may.manage && (
          <div class="org-actions">
            <button type="submit" class="org-button primary" disabled={change.busy.value}>
              Save changes
            </button>
          </div>
        )}
      </form>
      <section class="org-section" aria-label="Members">
        <h3>Members</h3>
        <ul class="org-chips" data-testid="group-members">
          {group.members.map((id) => {
            const person = byId.get(id)?.full_name ?? "Unknown user";
            return (
              <li key={id} data-testid="group-member">
                {person}
                {(may.removeMembers || (id === me && may.leave)) && (
                  <button type="button" aria-label={`Remove ${person}`} onClick={() => void change.run(() => api.post(`${path}/members`, { delete: [id] }))}>
                    ×
                  </button>
                )}
              </li>
            );
          })}
          {!group.members.length && <li class="org-hint">No members</li>}
        </ul>
        {may.addMembers && (
          <div class="org-form add-members">
            <PeoplePicker label="Add members" chosen={adding.value} onChange={(ids) => (adding.value = ids.filter((id) => !group.members.includes(id)))} testId="add-members" />
            <div class="org-actions">
              <button type="button" class="org-button primary" disabled={!adding.value.length || change.busy.value} data-testid="add-members-submit" onClick={() => void change.run(() => api.post(`${path}/members`, { add: adding.value })).then((ok) => ok && (adding.value = []))}>
                Add {adding.value.length || ""} {adding.value.length === 1 ? "member" : "members"}
              </button>
            </div>
          </div>
        )}
      </section>
      <section class="org-section" aria-label="Subgroups">
        <h3>Subgroups</h3>
        <p class="org-hint">The members of a subgroup are members of this group too.</p>
        <ul class="org-chips" data-testid="group-subgroups">
          {subgroups.map((g) => (
            <li key={g.id}>
              {groupLabel(g)}
              {may.manage && (
                <button type="button" aria-label={`Remove ${groupLabel(g)}`} onClick={() => void change.run(() => api.post(`${path}/subgroups`, { delete: [g.id] }))}>
                  ×
                </button>
              )}
            </li>
          ))}
          {!subgroups.length && <li class="org-hint">None</li>}
        </ul>
        {may.manage && (
          <div class="org-form">
            <label>
              <span>Add a subgroup</span>
              <select value="" onChange={(e) => e.currentTarget.value && void change.run(() => api.post(`${path}/subgroups`, { add: [Number(e.currentTarget.value)] }))} data-testid="add-subgroup">
                <option value="">Choose a group…</option>
                {candidates.map((g) => (
                  <option key={g.id} value={g.id}>
                    {groupLabel(g)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </section>
      <section class="org-section org-form" aria-label="Permissions">
        <h3>Permissions</h3>
        <div class="org-grid">
          {PERMISSIONS.filter(([setting]) => setting in group).map(([setting, label]) => (
            <GroupSelect
              key={setting}
              name={setting}
              label={label}
              value={group[setting as `can_${string}_group`]}
              disabled={!may.manage || change.busy.value}
              onChange={(id) => void change.run(() => api.patch(path, { [setting]: { new: id, old: group[setting as `can_${string}_group`] } }))}
            />
          ))}
        </div>
      </section>
      {may.manage && (
        <section class="org-section">
          <button type="button" class="org-button danger" data-testid="deactivate-group" onClick={() => void change.run(() => api.post(`${path}/deactivate`)).then((ok) => ok && go("#groups/your"))}>
            Deactivate group
          </button>
        </section>
      )}
    </div>
  );
}
