// The organization's own settings panes (#organization/…), for owners and administrators:
// profile (name, description, icon, logos), message editing and retention, permissions,
// default channels, custom emoji, linkifiers, code playgrounds, authentication methods and
// data exports. Every change goes through PATCH /json/realm (or the feature's endpoint) and
// shows from the event.
import { useSignal } from "@preact/signals";
import { api, type Params } from "../../api/client";
import { realmEmoji } from "../../state/emoji";
import { myRole, ROLE_OWNER } from "../../state/role";
import { realmSettings } from "../../state/settings";
import { ActionList, type RowAction } from "../settings/ActionList";
import { attempt, Loading, registerSection, Section, StatusLine, useLoad, type Status } from "../settings/kit";
import { uploadFile } from "../settings/upload";
import { ChannelPicker } from "./common";
import { RealmImages } from "./RealmImages";

const saveRealm = (changes: Params) => api.patch("/realm", changes);

/** The Remove button of the organization's lists. */
const removal = (run: () => Promise<unknown>): RowAction => ({ label: "Remove", done: "Removed", danger: true, run });

function RealmToggle({ setting, label }: { setting: string; label: string }) {
  const status = useSignal<Status>(null);
  return (
    <label class="settings-toggle">
      <input type="checkbox" name={setting} checked={Boolean(realmSettings.value[setting])} onChange={(e) => void attempt(status, () => saveRealm({ [setting]: (e.currentTarget as HTMLInputElement).checked }))} />
      <span>{label}</span>
      <StatusLine status={status.value} />
    </label>
  );
}

// ---- Profile ----

export function OrgProfilePane() {
  const name = useSignal<string | null>(null);
  const description = useSignal<string | null>(null);
  const status = useSignal<Status>(null);
  const r = realmSettings.value;
  return (
    <>
      <Section title="Name and description">
        <form
          class="settings-stack"
          onSubmit={(e) => {
            e.preventDefault();
            const changes: Params = {};
            if (name.value !== null) changes.name = name.value.trim();
            if (description.value !== null) changes.description = description.value;
            void attempt(status, () => saveRealm(changes));
          }}
        >
          <label class="settings-field">
            <span class="settings-label">Organization name</span>
            <input name="realm_name" maxLength={40} value={name.value ?? String(r.name ?? "")} onInput={(e) => (name.value = (e.currentTarget as HTMLInputElement).value)} />
          </label>
          <label class="settings-field">
            <span class="settings-label">Description (Markdown)</span>
            <textarea name="realm_description" rows={4} maxLength={1000} value={description.value ?? String(r.description ?? "")} onInput={(e) => (description.value = (e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          <div class="settings-row">
            <button class="button primary" type="submit">
              Save
            </button>
            <StatusLine status={status.value} />
          </div>
        </form>
      </Section>
      <RealmImages />
    </>
  );
}

// ---- Message editing and retention ----

const LIMITS: [number | null, string][] = [
  [null, "Any time"],
  [120, "2 minutes"],
  [600, "10 minutes"],
  [3600, "1 hour"],
  [86400, "1 day"],
  [604800, "1 week"],
];

function LimitChoice({ setting, label }: { setting: string; label: string }) {
  const status = useSignal<Status>(null);
  const value = realmSettings.value[setting] as number | null | undefined;
  return (
    <label class="settings-field">
      <span class="settings-label">{label}</span>
      <select
        name={setting}
        value={String(value ?? null)}
        onChange={(e) => {
          const raw = (e.currentTarget as HTMLSelectElement).value;
          void attempt(status, () => saveRealm({ [setting]: raw === "null" ? JSON.stringify("unlimited") : Number(raw) }));
        }}
      >
        {LIMITS.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
        {value != null && !LIMITS.some(([v]) => v === value) && <option value={String(value)}>{Math.round(value / 60)} minutes</option>}
      </select>
      <StatusLine status={status.value} />
    </label>
  );
}

/** Zulip's realm retention: -1 keeps messages forever, else a number of days; owners only. */
function RetentionSetting() {
  const stored = realmSettings.value.message_retention_days;
  const days = typeof stored === "number" && stored > 0 ? stored : null;
  const mode = useSignal<"forever" | "days" | null>(null);
  const typed = useSignal<string | null>(null);
  const status = useSignal<Status>(null);
  const shownMode = mode.value ?? (days ? "days" : "forever");
  const summary = days ? `Messages are kept for ${days} day${days === 1 ? "" : "s"}.` : "Messages are kept forever.";
  if (myRole.value !== ROLE_OWNER) {
    return (
      <p data-testid="retention">
        {summary} <span class="settings-muted">Only owners change this.</span>
      </p>
    );
  }
  return (
    <form
      class="settings-row"
      data-testid="retention-form"
      onSubmit={(e) => {
        e.preventDefault();
        // The value is JSON: a number of days, or the string "unlimited".
        const value = shownMode === "forever" ? JSON.stringify("unlimited") : (typed.value ?? String(days ?? 30)).trim();
        void attempt(status, () => saveRealm({ message_retention_days: value })).then((ok) => ok && ((mode.value = null), (typed.value = null)));
      }}
    >
      <select name="message_retention_policy" aria-label="Message retention" value={shownMode} onChange={(e) => (mode.value = (e.currentTarget as HTMLSelectElement).value as "forever" | "days")}>
        <option value="forever">Keep messages forever</option>
        <option value="days">Delete messages after a number of days</option>
      </select>
      {shownMode === "days" && (
        <input type="number" name="message_retention_days" aria-label="Days" min={1} step={1} required class="settings-number" value={typed.value ?? String(days ?? 30)} onInput={(e) => (typed.value = (e.currentTarget as HTMLInputElement).value)} />
      )}
      <button class="button primary" type="submit">
        Save
      </button>
      <StatusLine status={status.value} testId="retention-status" />
      <p class="settings-muted settings-wide" data-testid="retention">
        {summary} Channels may set their own.{days ? " Older messages are deleted every hour." : ""}
      </p>
    </form>
  );
}

export function OrgSettingsPane() {
  return (
    <>
      <Section title="Message editing">
        <RealmToggle setting="allow_message_editing" label="Allow people to edit their messages" />
        <LimitChoice setting="message_content_edit_limit_seconds" label="Time limit for editing" />
        <LimitChoice setting="message_content_delete_limit_seconds" label="Time limit for deleting one's own messages" />
        <LimitChoice setting="move_messages_within_stream_limit_seconds" label="Time limit for moving messages between topics" />
      </Section>
      <Section title="Message retention">
        <RetentionSetting />
      </Section>
      <Section title="Features">
        <RealmToggle setting="enable_read_receipts" label="Read receipts" />
        <RealmToggle setting="inline_image_preview" label="Show previews of linked images" />
        <RealmToggle setting="inline_url_embed_preview" label="Show previews of linked websites" />
        <RealmToggle setting="send_welcome_emails" label="Send a welcome e-mail to new people" />
        <RealmToggle setting="name_changes_disabled" label="Stop people from changing their names" />
        <RealmToggle setting="email_changes_disabled" label="Stop people from changing their e-mail addresses" />
        <RealmToggle setting="avatar_changes_disabled" label="Stop people from changing their pictures" />
      </Section>
    </>
  );
}

// ---- Permissions ----

const PERMISSIONS: [string, string][] = [
  ["can_invite_users_group", "Who can invite people"],
  ["create_multiuse_invite_group", "Who can make reusable invitation links"],
  ["can_create_public_channel_group", "Who can create public channels"],
  ["can_create_private_channel_group", "Who can create private channels"],
  ["can_add_subscribers_group", "Who can add people to channels"],
  ["can_create_bots_group", "Who can create bots"],
  ["can_add_custom_emoji_group", "Who can add custom emoji"],
  ["can_move_messages_between_topics_group", "Who can move messages between topics"],
  ["can_move_messages_between_channels_group", "Who can move messages between channels"],
  ["can_delete_any_message_group", "Who can delete any message"],
  ["can_delete_own_message_group", "Who can delete their own messages"],
  ["can_resolve_topics_group", "Who can resolve topics"],
];

interface Group {
  id: number;
  name: string;
  is_system_group: boolean;
}

/** Zulip's names for its system groups. */
const SYSTEM_NAMES: Record<string, string> = {
  "role:owners": "Owners",
  "role:administrators": "Administrators",
  "role:moderators": "Moderators",
  "role:fullmembers": "Full members",
  "role:members": "Members",
  "role:everyone": "Everyone, guests included",
  "role:nobody": "Nobody",
};

export function PermissionsPane() {
  const groups = useLoad(() => api.get<{ user_groups: Group[] }>("/user_groups").then((a) => a.user_groups.filter((g) => g.is_system_group && g.name in SYSTEM_NAMES)));
  if (!groups.value) return <Loading error={groups.error} />;
  return (
    <Section title="Who can do what">
      {PERMISSIONS.map(([setting, label]) => (
        <GroupChoice key={setting} setting={setting} label={label} groups={groups.value!} />
      ))}
    </Section>
  );
}

function GroupChoice({ setting, label, groups }: { setting: string; label: string; groups: Group[] }) {
  const status = useSignal<Status>(null);
  const value = realmSettings.value[setting];
  const current = typeof value === "number" ? String(value) : "custom";
  return (
    <label class="settings-field">
      <span class="settings-label">{label}</span>
      <select name={setting} value={current} onChange={(e) => void attempt(status, () => saveRealm({ [setting]: { new: Number((e.currentTarget as HTMLSelectElement).value) } }))}>
        {current === "custom" && <option value="custom">A custom set of people</option>}
        {groups.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {SYSTEM_NAMES[g.name]}
          </option>
        ))}
      </select>
      <StatusLine status={status.value} />
    </label>
  );
}

// ---- Default channels ----

export function DefaultChannelsPane() {
  const status = useSignal<Status>(null);
  const loaded = useLoad(() => registerSection<number[]>("default_streams", "realm_default_streams").then((ids) => new Set(ids)));
  const chosen = useSignal<Set<number> | null>(null);
  if (!loaded.value) return <Loading error={loaded.error} />;
  const current = chosen.value ?? loaded.value;
  return (
    <Section title="Channels new people join">
      <ChannelPicker
        chosen={current}
        onChange={(next) => {
          const added = [...next].find((id) => !current.has(id));
          const removed = [...current].find((id) => !next.has(id));
          void attempt(status, async () => {
            if (added !== undefined) await api.post("/default_streams", { stream_id: added });
            if (removed !== undefined) await api.delete("/default_streams", { stream_id: removed });
            chosen.value = next;
          });
        }}
      />
      <StatusLine status={status.value} />
    </Section>
  );
}

// ---- Custom emoji ----

export function EmojiPane() {
  const name = useSignal("");
  const file = useSignal<File | null>(null);
  const status = useSignal<Status>(null);
  const emoji = [...realmEmoji.value.values()].filter((e) => !e.deactivated);
  return (
    <>
      <Section title="Add an emoji">
        <form
          class="settings-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (file.value) void attempt(status, () => uploadFile(`/realm/emoji/${encodeURIComponent(name.value.trim())}`, "file", file.value!, file.value!.name), "Added");
          }}
        >
          <input name="emoji_name" aria-label="Emoji name" placeholder="name (letters, digits, _)" required value={name.value} onInput={(e) => (name.value = (e.currentTarget as HTMLInputElement).value)} />
          <input type="file" accept="image/*" aria-label="Emoji picture" required onChange={(e) => (file.value = (e.currentTarget as HTMLInputElement).files?.[0] ?? null)} />
          <button class="button primary" type="submit">
            Add
          </button>
          <StatusLine status={status.value} />
        </form>
      </Section>
      <Section title="The organization's emoji">
        <ActionList
          items={emoji}
          keyOf={(e) => e.id}
          cells={(e) => (
            <>
              <img src={e.source_url} alt="" width={24} height={24} />
              <code>:{e.name}:</code>
            </>
          )}
          action={(e) => removal(() => api.delete(`/realm/emoji/${encodeURIComponent(e.name)}`))}
          status={status}
          empty="No custom emoji yet."
        />
      </Section>
    </>
  );
}

// ---- Linkifiers and code playgrounds ----

interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

export function LinkifiersPane() {
  const list = useLoad(() => api.get<{ linkifiers: Linkifier[] }>("/realm/linkifiers").then((a) => a.linkifiers));
  const pattern = useSignal("");
  const template = useSignal("");
  const status = useSignal<Status>(null);
  return (
    <>
      <Section title="Add a linkifier">
        <p class="settings-muted">
          Turns text matching a pattern into a link: <code>#(?P&lt;id&gt;[0-9]+)</code> with <code>https://example.com/issues/{"{id}"}</code>.
        </p>
        <form
          class="settings-row"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt(status, () => api.post("/realm/filters", { pattern: pattern.value, url_template: template.value }).then(() => ((pattern.value = template.value = ""), list.reload())), "Added");
          }}
        >
          <input name="pattern" aria-label="Pattern" placeholder="pattern" required value={pattern.value} onInput={(e) => (pattern.value = (e.currentTarget as HTMLInputElement).value)} />
          <input name="url_template" aria-label="URL template" placeholder="URL template" required value={template.value} onInput={(e) => (template.value = (e.currentTarget as HTMLInputElement).value)} />
          <button class="button primary" type="submit">
            Add
          </button>
          <StatusLine status={status.value} />
        </form>
      </Section>
      <Section title="Linkifiers">
        {!list.value ? (
          <Loading error={list.error} />
        ) : (
          <ActionList
            items={list.value}
            keyOf={(l) => l.id}
            cells={(l) => (
              <>
                <code>{l.pattern}</code>
                <span class="settings-break">{l.url_template}</span>
              </>
            )}
            action={(l) => removal(() => api.delete(`/realm/filters/${l.id}`).then(list.reload))}
            status={status}
          />
        )}
      </Section>
    </>
  );
}

interface Playground {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

export function PlaygroundsPane() {
  const list = useLoad(() => registerSection<Playground[]>("realm_playgrounds", "realm_playgrounds"));
  const fields = useSignal({ name: "", pygments_language: "", url_template: "" });
  const status = useSignal<Status>(null);
  const field = (key: keyof typeof fields.value, label: string) => (
    <input name={key} aria-label={label} placeholder={label} required value={fields.value[key]} onInput={(e) => (fields.value = { ...fields.value, [key]: (e.currentTarget as HTMLInputElement).value })} />
  );
  return (
    <>
      <Section title="Add a code playground">
        <form
          class="settings-row"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt(status, () => api.post("/realm/playgrounds", fields.value).then(() => ((fields.value = { name: "", pygments_language: "", url_template: "" }), list.reload())), "Added");
          }}
        >
          {field("pygments_language", "Language (e.g. Python)")}
          {field("name", "Name")}
          {field("url_template", "URL template with {code}")}
          <button class="button primary" type="submit">
            Add
          </button>
          <StatusLine status={status.value} />
        </form>
      </Section>
      <Section title="Code playgrounds">
        {!list.value ? (
          <Loading error={list.error} />
        ) : (
          <ActionList
            items={list.value}
            keyOf={(p) => p.id}
            cells={(p) => (
              <>
                <strong>{p.pygments_language}</strong>
                <span>{p.name}</span>
                <span class="settings-break">{p.url_template}</span>
              </>
            )}
            action={(p) => removal(() => api.delete(`/realm/playgrounds/${p.id}`).then(list.reload))}
            status={status}
          />
        )}
      </Section>
    </>
  );
}

// ---- Authentication methods ----

interface AuthMethod {
  enabled: boolean;
  available: boolean;
  unavailable_reason?: string;
}

/** Zulip's backend names, as people know them. */
const METHOD_NAMES: Record<string, string> = { Email: "E-mail and password", LDAP: "LDAP", GitHub: "GitHub", GitLab: "GitLab", Google: "Google", AzureAD: "Microsoft Entra ID", SAML: "SAML", Apple: "Apple" };

/** realm_authentication_methods, kept by realm events; owners switch them, one always stays on. */
export function AuthMethodsPane() {
  const status = useSignal<Status>(null);
  // A refused change redraws the boxes from the stored values.
  const serial = useSignal(0);
  const methods = Object.entries((realmSettings.value.authentication_methods ?? {}) as Record<string, AuthMethod>);
  const owner = myRole.value === ROLE_OWNER;
  const enabled = Object.fromEntries(methods.map(([name, m]) => [name, m.enabled]));
  return (
    <Section title="How people sign in">
      <p class="settings-muted">{owner ? "At least one method stays on." : "Only owners change these."}</p>
      <ul class="settings-list" data-testid="auth-methods" key={serial.value}>
        {methods.map(([name, m]) => (
          <li key={name}>
            <label class="settings-toggle">
              <input
                type="checkbox"
                name={`auth-${name}`}
                checked={m.enabled}
                disabled={!owner || !m.available}
                onChange={(e) => {
                  const checked = (e.currentTarget as HTMLInputElement).checked;
                  void attempt(status, () => saveRealm({ authentication_methods: { ...enabled, [name]: checked } })).then((ok) => ok || serial.value++);
                }}
              />
              <span>{METHOD_NAMES[name] ?? name}</span>
            </label>
            {!m.available && <span class="settings-muted">{m.unavailable_reason ?? "Not available"}</span>}
          </li>
        ))}
      </ul>
      <StatusLine status={status.value} testId="auth-status" />
    </Section>
  );
}

// ---- Data exports ----

interface Export {
  id: number;
  acting_user_id: number;
  export_time: number;
  export_url: string | null;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  pending: boolean;
}

export function ExportsPane() {
  const list = useLoad(() => api.get<{ exports: Export[] }>("/export/realm").then((a) => a.exports));
  const status = useSignal<Status>(null);
  const pending = list.value?.some((e) => e.pending);
  // While an export runs, look again every few seconds.
  if (pending) setTimeout(list.reload, 3000);
  return (
    <>
      <Section title="Export the organization's data">
        <p class="settings-muted">A tarball of the public data: channels, public messages, users and settings.</p>
        <div class="settings-row">
          <button type="button" class="button primary" onClick={() => void attempt(status, () => api.post("/export/realm", { export_type: "public" }).then(list.reload), "Export started")} data-testid="start-export">
            Start an export
          </button>
          <StatusLine status={status.value} />
        </div>
      </Section>
      <Section title="Exports">
        {!list.value ? (
          <Loading error={list.error} />
        ) : (
          <ActionList
            testId="exports"
            items={[...list.value].reverse()}
            keyOf={(e) => e.id}
            cells={(e) => (
              <>
                <span>{new Date(e.export_time * 1000).toLocaleString()}</span>
                {e.pending ? <span class="settings-muted">Running…</span> : e.failed_timestamp ? <span class="settings-status error">Failed</span> : e.deleted_timestamp ? <span class="settings-muted">Deleted</span> : e.export_url ? <a href={e.export_url}>Download</a> : null}
              </>
            )}
            action={(e) => (e.pending || e.deleted_timestamp || e.failed_timestamp ? null : { label: "Delete", done: "Deleted", danger: true, run: () => api.delete(`/export/realm/${e.id}`).then(list.reload) })}
            status={status}
            empty="No exports yet."
          />
        )}
      </Section>
    </>
  );
}

