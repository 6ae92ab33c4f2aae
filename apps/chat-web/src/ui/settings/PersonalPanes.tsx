// The personal settings panes (#settings/…): profile, account, preferences, notifications,
// muted users and topics, alert words. Each change goes to the server at once and shows from
// the event that follows, as in Zulip's web app.
import { useSignal } from "@preact/signals";
import { api } from "../../api/client";
import { subscriptions } from "../../state/channels";
import { session } from "../../state/session";
import { userSettings } from "../../state/settings";
import { findUser, users, userName } from "../../state/users";
import { Avatar } from "../Avatar";
import { attempt, Choice, copyText, Loading, registerSection, saveSettings, Section, StatusLine, Toggle, useLoad, type Status } from "./kit";
import { ActionList } from "./ActionList";
import { SquareCrop } from "./SquareCrop";
import { uploadFile } from "./upload";

// ---- Profile ----

interface ProfileField {
  id: number;
  type: number;
  name: string;
  hint: string;
  field_data: string;
}

/** Zulip's custom profile field types (CustomProfileField.FIELD_TYPE_CHOICES). */
const FIELD = { SHORT_TEXT: 1, LONG_TEXT: 2, SELECT: 3, DATE: 4, URL: 5, USER: 6, EXTERNAL_ACCOUNT: 7, PRONOUNS: 8 };

export function ProfilePane() {
  const me = session.value!;
  const name = useSignal(me.fullName);
  const nameStatus = useSignal<Status>(null);
  const avatarFile = useSignal<File | null>(null);
  const avatarStatus = useSignal<Status>(null);
  const own = users.value.get(me.userId);
  return (
    <>
      <Section title="Name">
        <form
          class="settings-row"
          onSubmit={(e) => {
            e.preventDefault();
            void attempt(nameStatus, () => saveSettings({ full_name: name.value.trim() }));
          }}
        >
          <input name="full_name" aria-label="Full name" value={name.value} maxLength={100} onInput={(e) => (name.value = (e.currentTarget as HTMLInputElement).value)} />
          <button class="button primary" type="submit" data-testid="save-name">
            Save
          </button>
          <StatusLine status={nameStatus.value} />
        </form>
      </Section>
      <Section title="Profile picture">
        <div class="settings-row">
          <Avatar userId={me.userId} url={own?.avatar_url ?? null} name={me.fullName} size={64} />
          <label class="button">
            Upload a picture…
            <input type="file" accept="image/*" class="visually-hidden" data-testid="avatar-file" onChange={(e) => (avatarFile.value = (e.currentTarget as HTMLInputElement).files?.[0] ?? null)} />
          </label>
          <StatusLine status={avatarStatus.value} testId="avatar-status" />
        </div>
        {avatarFile.value && (
          <SquareCrop
            file={avatarFile.value}
            onCancel={() => (avatarFile.value = null)}
            onDone={(png) => {
              avatarFile.value = null;
              void attempt(avatarStatus, () => uploadFile("/users/me/avatar", "file", png, "avatar.png"), "Picture changed");
            }}
          />
        )}
      </Section>
      <StatusSection />
      <ProfileFields />
    </>
  );
}

function StatusSection() {
  const me = session.value!;
  const loaded = useLoad(() => api.get<{ status: { status_text?: string; emoji_name?: string } }>(`/users/${me.userId}/status`));
  const text = useSignal<string | null>(null);
  const emoji = useSignal<string | null>(null);
  const status = useSignal<Status>(null);
  const current = loaded.value?.status ?? {};
  return (
    <Section title="Status">
      <form
        class="settings-row"
        onSubmit={(e) => {
          e.preventDefault();
          const emojiName = (emoji.value ?? current.emoji_name ?? "").trim();
          void attempt(status, () => api.post("/users/me/status", { status_text: text.value ?? current.status_text ?? "", emoji_name: emojiName, emoji_code: emojiName ? undefined : "", reaction_type: emojiName ? undefined : "" }));
        }}
      >
        <input name="emoji_name" aria-label="Status emoji (its name, e.g. palm_tree)" placeholder="emoji name" size={12} value={emoji.value ?? current.emoji_name ?? ""} onInput={(e) => (emoji.value = (e.currentTarget as HTMLInputElement).value)} />
        <input name="status_text" aria-label="Status text" placeholder="What are you up to?" maxLength={60} value={text.value ?? current.status_text ?? ""} onInput={(e) => (text.value = (e.currentTarget as HTMLInputElement).value)} />
        <button class="button primary" type="submit">
          Set status
        </button>
        <StatusLine status={status.value} />
      </form>
    </Section>
  );
}

function ProfileFields() {
  const me = session.value!;
  const loaded = useLoad(() =>
    Promise.all([api.get<{ custom_fields: ProfileField[] }>("/realm/profile_fields"), api.get<{ user: { profile_data?: Record<string, { value: string }> } }>(`/users/${me.userId}`, { include_custom_profile_fields: true })]),
  );
  if (!loaded.value) return <Loading error={loaded.error} />;
  const [{ custom_fields: fields }, { user }] = loaded.value;
  if (!fields.length) return null;
  return (
    <Section title="Profile fields">
      {fields.map((field) => (
        <ProfileFieldInput key={field.id} field={field} value={user.profile_data?.[String(field.id)]?.value ?? ""} />
      ))}
    </Section>
  );
}

function ProfileFieldInput({ field, value }: { field: ProfileField; value: string }) {
  const status = useSignal<Status>(null);
  const save = (next: string | number[]) =>
    attempt(status, () => (next === "" || (Array.isArray(next) && !next.length) ? api.delete("/users/me/profile_data", { data: [field.id] }) : api.patch("/users/me/profile_data", { data: [{ id: field.id, value: next }] })));
  const onChange = (e: Event) => void save((e.currentTarget as HTMLInputElement).value.trim());
  let input;
  if (field.type === FIELD.LONG_TEXT) input = <textarea name={`field-${field.id}`} rows={3} onChange={onChange} value={value} />;
  else if (field.type === FIELD.SELECT) {
    const options = Object.entries(JSON.parse(field.field_data || "{}") as Record<string, { text: string; order: string }>).sort((a, b) => Number(a[1].order) - Number(b[1].order));
    input = (
      <select name={`field-${field.id}`} value={value} onChange={onChange}>
        <option value="">—</option>
        {options.map(([key, o]) => (
          <option key={key} value={key}>
            {o.text}
          </option>
        ))}
      </select>
    );
  } else if (field.type === FIELD.USER) {
    const ids: number[] = value ? (JSON.parse(value) as number[]) : [];
    input = (
      <input
        name={`field-${field.id}`}
        placeholder="Names or e-mail addresses, comma-separated"
        value={ids.map(userName).join(", ")}
        onChange={(e) => {
          const names = (e.currentTarget as HTMLInputElement).value.split(",").map((n) => n.trim()).filter(Boolean);
          const found = names.map((n) => findUser(n));
          if (found.some((u) => !u)) status.value = { kind: "error", text: `No one is called ${names[found.findIndex((u) => !u)]}.` };
          else void save(found.map((u) => u!.user_id));
        }}
      />
    );
  } else {
    const type = field.type === FIELD.DATE ? "date" : field.type === FIELD.URL ? "url" : "text";
    input = <input type={type} name={`field-${field.id}`} value={value} onChange={onChange} placeholder={field.type === FIELD.EXTERNAL_ACCOUNT ? "user name" : undefined} />;
  }
  return (
    <label class="settings-field">
      <span class="settings-label">{field.name}</span>
      {input}
      {field.hint && <small class="settings-hint">{field.hint}</small>}
      <StatusLine status={status.value} />
    </label>
  );
}

// ---- Account & privacy ----

export function AccountPane() {
  return (
    <>
      <EmailChange />
      <PasswordChange />
      <ApiKey />
      <Section title="Privacy">
        <Toggle setting="send_read_receipts" label="Let others see when I've read messages" />
        <Toggle setting="send_private_typing_notifications" label="Let recipients see when I'm typing direct messages" />
        <Toggle setting="presence_enabled" label="Display my availability to other users" />
        <Choice
          setting="email_address_visibility"
          label="Who can see my e-mail address"
          options={[
            [1, "Everyone"],
            [2, "Members (not guests)"],
            [5, "Moderators and administrators"],
            [3, "Administrators only"],
            [4, "Nobody but me"],
          ]}
        />
      </Section>
    </>
  );
}

function EmailChange() {
  const email = useSignal("");
  const status = useSignal<Status>(null);
  return (
    <Section title="E-mail address">
      <p>
        Now: <strong data-testid="current-email">{session.value!.email}</strong>
      </p>
      <form
        class="settings-row"
        onSubmit={(e) => {
          e.preventDefault();
          void attempt(status, () => saveSettings({ email: email.value.trim() }), `Check your e-mail (${email.value.trim()}) to confirm the new address.`);
        }}
      >
        <input type="email" name="email" aria-label="New e-mail address" placeholder="New e-mail address" required value={email.value} onInput={(e) => (email.value = (e.currentTarget as HTMLInputElement).value)} />
        <button class="button" type="submit">
          Change
        </button>
        <StatusLine status={status.value} />
      </form>
    </Section>
  );
}

function PasswordChange() {
  const oldPassword = useSignal("");
  const newPassword = useSignal("");
  const status = useSignal<Status>(null);
  return (
    <Section title="Password">
      <form
        class="settings-stack"
        onSubmit={(e) => {
          e.preventDefault();
          void attempt(status, () => saveSettings({ old_password: oldPassword.value, new_password: newPassword.value }), "Password changed. Your other sessions were signed out.").then((ok) => {
            if (ok) oldPassword.value = newPassword.value = "";
          });
        }}
      >
        <input type="password" name="old_password" autocomplete="current-password" aria-label="Current password" placeholder="Current password" required value={oldPassword.value} onInput={(e) => (oldPassword.value = (e.currentTarget as HTMLInputElement).value)} />
        <input type="password" name="new_password" autocomplete="new-password" aria-label="New password" placeholder="New password" required value={newPassword.value} onInput={(e) => (newPassword.value = (e.currentTarget as HTMLInputElement).value)} />
        <div class="settings-row">
          <button class="button" type="submit">
            Change password
          </button>
          <StatusLine status={status.value} />
        </div>
      </form>
    </Section>
  );
}

/**
 * The API key is stored hashed, so it cannot be shown again: a new one is made (the old one
 * stops working), after the current password, and shown once.
 */
function ApiKey() {
  const password = useSignal("");
  const key = useSignal<string | null>(null);
  const status = useSignal<Status>(null);
  return (
    <Section title="API key">
      <p class="settings-muted">For bots and scripts that act as you. Making a new key stops the old one from working; the key is shown once.</p>
      <form
        class="settings-row"
        data-testid="api-key-form"
        onSubmit={(e) => {
          e.preventDefault();
          key.value = null;
          void attempt(status, async () => {
            const answer = await api.post<{ api_key: string }>("/users/me/api_key/regenerate", { password: password.value });
            key.value = answer.api_key;
            password.value = "";
          }, "A new key was made.");
        }}
      >
        <input type="password" name="password" autocomplete="current-password" aria-label="Current password" placeholder="Current password" required value={password.value} onInput={(e) => (password.value = (e.currentTarget as HTMLInputElement).value)} />
        <button class="button" type="submit" data-testid="api-key-generate">
          Make a new API key
        </button>
        <StatusLine status={status.value} testId="api-key-status" />
      </form>
      {key.value && (
        <div class="settings-secret">
          <code data-testid="api-key">{key.value}</code>
          <button type="button" class="button" onClick={() => void copyText(key.value!)}>
            Copy
          </button>
        </div>
      )}
    </Section>
  );
}

// ---- Preferences ----

export function PreferencesPane() {
  return (
    <>
      <Section title="Appearance">
        <Choice
          setting="color_scheme"
          label="Theme"
          options={[
            [1, "Same as the system"],
            [3, "Light"],
            [2, "Dark"],
          ]}
        />
        <Choice
          setting="web_font_size_px"
          label="Density"
          options={[
            [14, "Compact"],
            [16, "Normal"],
          ]}
        />
        <Choice
          setting="emojiset"
          label="Emoji"
          options={[
            ["google", "Google"],
            ["twitter", "Twitter"],
            ["text", "Plain text"],
          ]}
        />
      </Section>
      <Section title="Time">
        <Toggle setting="twenty_four_hour_time" label="Show times on a 24-hour clock" />
      </Section>
      <Section title="Sending">
        <Toggle setting="enter_sends" label="Enter sends a message (otherwise Ctrl+Enter)" />
      </Section>
    </>
  );
}

// ---- Notifications ----

interface FullSubscription {
  stream_id: number;
  name: string;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  email_notifications: boolean | null;
  push_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

const CHANNEL_PROPERTIES: [keyof FullSubscription, string, string][] = [
  ["desktop_notifications", "Desktop", "enable_stream_desktop_notifications"],
  ["audible_notifications", "Sound", "enable_stream_audible_notifications"],
  ["email_notifications", "E-mail", "enable_stream_email_notifications"],
  ["push_notifications", "Mobile", "enable_stream_push_notifications"],
  ["wildcard_mentions_notify", "@all", "wildcard_mentions_notify"],
];

export function NotificationsPane() {
  const permission = useSignal(typeof Notification === "undefined" ? "unsupported" : Notification.permission);
  return (
    <>
      <Section title="Desktop and sound">
        {permission.value === "default" && userSettings.value.enable_desktop_notifications && (
          <p class="settings-row">
            This browser has not been allowed to show notifications.
            <button type="button" class="button" onClick={() => void Notification.requestPermission().then((p) => (permission.value = p))}>
              Allow
            </button>
          </p>
        )}
        <Toggle setting="enable_desktop_notifications" label="Desktop notifications for direct messages and mentions" />
        <Toggle setting="enable_sounds" label="Audible notifications" />
        <Choice
          setting="notification_sound"
          label="Notification sound"
          options={[
            ["zulip", "Zulip"],
            ["ding", "Ding"],
            ["chime-saved", "Chime"],
            ["none", "None"],
          ]}
        />
        <Toggle setting="pm_content_in_desktop_notifications" label="Include the message's content in desktop notifications" />
      </Section>
      <Section title="E-mail">
        <Toggle setting="enable_offline_email_notifications" label="E-mail me direct messages and mentions while I'm away" />
        <Toggle setting="message_content_in_email_notifications" label="Include the message's content in e-mails" />
        <Toggle setting="enable_digest_emails" label="Send digest e-mails while I'm away" />
      </Section>
      <Section title="Mentions of everyone">
        <Toggle setting="wildcard_mentions_notify" label="Notify me of @all and @everyone like personal mentions" />
      </Section>
      <Section title="Channels">
        <Toggle setting="enable_stream_desktop_notifications" label="Desktop notifications for every channel message" />
        <Toggle setting="enable_stream_audible_notifications" label="Sounds for every channel message" />
        <Toggle setting="enable_stream_email_notifications" label="E-mail for every channel message" />
        <ChannelOverrides />
      </Section>
    </>
  );
}

/** Channels whose notifications differ from the defaults above, each setting its own. */
function ChannelOverrides() {
  const loaded = useLoad(() => api.get<{ subscriptions: FullSubscription[] }>("/users/me/subscriptions"), [subscriptions.value.length]);
  const status = useSignal<Status>(null);
  const overrides = useSignal<Map<string, boolean | null>>(new Map());
  if (!loaded.value) return <Loading error={loaded.error} />;
  const subs = loaded.value.subscriptions;
  // The box shows the choice at once (a checkbox that springs back until the server answers
  // looks broken); a refusal puts the old value back beside the server's message.
  const set = (sub: FullSubscription, property: keyof FullSubscription, value: boolean | null) => {
    const before = overrides.value;
    overrides.value = new Map(before).set(`${sub.stream_id}:${property}`, value);
    void attempt(status, async () => {
      try {
        await api.post("/users/me/subscriptions/properties", { subscription_data: [{ stream_id: sub.stream_id, property, value }] });
      } catch (error) {
        overrides.value = before;
        throw error;
      }
    });
  };
  const valueOf = (sub: FullSubscription, property: keyof FullSubscription) => {
    const key = `${sub.stream_id}:${property}`;
    return overrides.value.has(key) ? overrides.value.get(key)! : (sub[property] as boolean | null);
  };
  const overridden = subs.filter((s) => CHANNEL_PROPERTIES.some(([p]) => valueOf(s, p) !== null));
  return (
    <div class="settings-table-wrap">
      <h4>Per-channel settings</h4>
      {overridden.length === 0 && <p class="settings-muted">Every channel follows the settings above. Change one here:</p>}
      <table class="settings-table" data-testid="channel-overrides">
        <thead>
          <tr>
            <th>Channel</th>
            {CHANNEL_PROPERTIES.map(([p, label]) => (
              <th key={p}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(overridden.length ? overridden : subs.slice(0, 5)).map((sub) => (
            <tr key={sub.stream_id}>
              <td>#{sub.name}</td>
              {CHANNEL_PROPERTIES.map(([p, label, global]) => {
                const own = valueOf(sub, p);
                const effective = own ?? Boolean(userSettings.value[global]);
                return (
                  <td key={p}>
                    <input type="checkbox" aria-label={`${label} for #${sub.name}`} checked={effective} onChange={(e) => set(sub, p, (e.currentTarget as HTMLInputElement).checked)} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <StatusLine status={status.value} testId="channel-overrides-status" />
    </div>
  );
}

// ---- Muted users and topics ----

export function MutedUsersPane() {
  const loaded = useLoad(() => registerSection<{ id: number; timestamp: number }[]>("muted_users", "muted_users"));
  const gone = useSignal<Set<number>>(new Set());
  const status = useSignal<Status>(null);
  if (!loaded.value) return <Loading error={loaded.error} />;
  const muted = loaded.value.filter((m) => !gone.value.has(m.id));
  return (
    <>
      <ActionList
        testId="muted-users"
        items={muted}
        keyOf={(m) => m.id}
        cells={(m) => (
          <>
            <span>{userName(m.id)}</span>
            <span class="settings-muted">since {new Date(m.timestamp * 1000).toLocaleDateString()}</span>
          </>
        )}
        action={(m) => ({ label: "Unmute", done: "Unmuted", run: () => api.delete(`/users/me/muted_users/${m.id}`).then(() => (gone.value = new Set(gone.value).add(m.id))) })}
        status={status}
        empty="You have not muted anyone."
      />
      <StatusLine status={status.value} />
    </>
  );
}

interface UserTopic {
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

const topicKey = (t: UserTopic) => `${t.stream_id}:${t.topic_name}`;

export function MutedTopicsPane() {
  const loaded = useLoad(() => registerSection<UserTopic[]>("user_topic", "user_topics"));
  const gone = useSignal<Set<string>>(new Set());
  const status = useSignal<Status>(null);
  if (!loaded.value) return <Loading error={loaded.error} />;
  const channel = (id: number) => subscriptions.value.find((s) => s.stream_id === id)?.name ?? `channel ${id}`;
  const muted = loaded.value.filter((t) => t.visibility_policy === 1 && !gone.value.has(topicKey(t)));
  return (
    <>
      <ActionList
        testId="muted-topics"
        items={muted}
        keyOf={topicKey}
        cells={(t) => (
          <span>
            #{channel(t.stream_id)} › {t.topic_name || "general chat"}
          </span>
        )}
        action={(t) => ({ label: "Unmute", done: "Unmuted", run: () => api.post("/user_topics", { stream_id: t.stream_id, topic: t.topic_name, visibility_policy: 0 }).then(() => (gone.value = new Set(gone.value).add(topicKey(t)))) })}
        status={status}
        empty="You have not muted any topic."
      />
      <StatusLine status={status.value} />
    </>
  );
}

// ---- Alert words ----

export function AlertWordsPane() {
  const words = useLoad(() => api.get<{ alert_words: string[] }>("/users/me/alert_words").then((a) => a.alert_words));
  const current = useSignal<string[] | null>(null);
  const word = useSignal("");
  const status = useSignal<Status>(null);
  const list = current.value ?? words.value;
  if (!list) return <Loading error={words.error} />;
  return (
    <>
      <p class="settings-muted">Messages containing one of these words notify you as a mention does.</p>
      <form
        class="settings-row"
        onSubmit={(e) => {
          e.preventDefault();
          const w = word.value.trim();
          if (w) void attempt(status, () => api.post<{ alert_words: string[] }>("/users/me/alert_words", { alert_words: [w] }).then((a) => ((current.value = a.alert_words), (word.value = ""))), "Added");
        }}
      >
        <input name="alert_word" aria-label="New alert word" placeholder="A word or phrase" value={word.value} onInput={(e) => (word.value = (e.currentTarget as HTMLInputElement).value)} />
        <button class="button primary" type="submit">
          Add
        </button>
        <StatusLine status={status.value} />
      </form>
      <ActionList
        testId="alert-words"
        items={list}
        keyOf={(w) => w}
        cells={(w) => <span>{w}</span>}
        action={(w) => ({ label: "Remove", ariaLabel: `Remove ${w}`, done: "Removed", run: () => api.delete<{ alert_words: string[] }>("/users/me/alert_words", { alert_words: [w] }).then((a) => (current.value = a.alert_words)) })}
        status={status}
      />
    </>
  );
}
