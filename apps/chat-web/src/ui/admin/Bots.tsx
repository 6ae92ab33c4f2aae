// #organization/bot-list-admin: the organization's bots, and a form making one of each of
// Zulip's kinds. A new bot's API key is shown once (keys are stored hashed); an incoming
// webhook bot also gets the URL to paste into the other tool.
import { useSignal } from "@preact/signals";
import { api } from "../../api/client";
import { realmSettings } from "../../state/settings";
import { users, userName } from "../../state/users";
import type { User } from "../../state/types";

/** A bot as GET /users describes it. */
type Bot = User & { bot_type?: number; bot_owner_id?: number | null };
import { attempt, copyText, Section, StatusLine, type Status } from "../settings/kit";

/** Zulip's bot types (UserProfile.ALLOWED_BOT_TYPES). */
const BOT_TYPES: [number, string, string][] = [
  [1, "Generic", "Acts through the API like a person: reads and sends messages."],
  [2, "Incoming webhook", "Only posts messages that another tool sends to its webhook URL."],
  [3, "Outgoing webhook", "Zulip posts the messages that mention it to your server, and posts the answer."],
  [4, "Embedded", "Runs one of the bots built into the server."],
];

export default function Bots() {
  const bots = [...users.value.values()].filter((u) => u.is_bot) as Bot[];
  const status = useSignal<Status>(null);
  const shown = useSignal<{ name: string; email: string; key: string; type: number } | null>(null);
  return (
    <>
      <BotForm onMade={(made) => (shown.value = made)} />
      {shown.value && <NewKey {...shown.value} />}
      <Section title="Bots">
        <ul class="settings-list" data-testid="bot-list">
          {bots.map((b) => (
            <li key={b.user_id}>
              <span>
                <strong>{b.full_name}</strong> <small class="settings-muted">{b.email}</small>
                <small class="settings-muted"> · {BOT_TYPES.find(([t]) => t === b.bot_type)?.[1] ?? "Bot"}</small>
                {b.bot_owner_id ? <small class="settings-muted"> · owned by {userName(b.bot_owner_id)}</small> : null}
              </span>
              {b.is_active && (
                <>
                  <button
                    type="button"
                    class="button"
                    onClick={() =>
                      void attempt(status, async () => {
                        const { api_key } = await api.post<{ api_key: string }>(`/bots/${b.user_id}/api_key/regenerate`);
                        shown.value = { name: b.full_name, email: b.email, key: api_key, type: b.bot_type ?? 1 };
                      }, "New key made")
                    }
                  >
                    New API key
                  </button>
                  <button type="button" class="button danger" onClick={() => confirm(`Deactivate ${b.full_name}?`) && void attempt(status, () => api.delete(`/bots/${b.user_id}`), "Deactivated")}>
                    Deactivate
                  </button>
                </>
              )}
              {!b.is_active && <span class="settings-muted">deactivated</span>}
            </li>
          ))}
        </ul>
        {bots.length === 0 && <p class="settings-muted">No bots yet.</p>}
        <StatusLine status={status.value} />
      </Section>
    </>
  );
}

function BotForm({ onMade }: { onMade: (made: { name: string; email: string; key: string; type: number }) => void }) {
  const type = useSignal(1);
  const name = useSignal("");
  const short = useSignal("");
  const payloadUrl = useSignal("");
  const service = useSignal("");
  const status = useSignal<Status>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    void attempt(status, async () => {
      const params: Record<string, string | number> = { full_name: name.value.trim(), short_name: short.value.trim(), bot_type: type.value };
      if (type.value === 3) Object.assign(params, { payload_url: payloadUrl.value.trim(), interface_type: 1 });
      if (type.value === 4) Object.assign(params, { service_name: service.value.trim() });
      const made = await api.post<{ api_key: string; user_id: number }>("/bots", params);
      const email = users.peek().get(made.user_id)?.email ?? `${short.value.trim()}-bot@…`;
      onMade({ name: name.value.trim(), email, key: made.api_key, type: type.value });
      name.value = short.value = "";
    }, "Bot made");
  };
  return (
    <Section title="Add a bot">
      <form class="settings-stack" onSubmit={submit} data-testid="bot-form">
        <label class="settings-field">
          <span class="settings-label">Kind</span>
          <select name="bot_type" value={String(type.value)} onChange={(e) => (type.value = Number((e.currentTarget as HTMLSelectElement).value))}>
            {BOT_TYPES.map(([t, label]) => (
              <option key={t} value={String(t)}>
                {label}
              </option>
            ))}
          </select>
          <small class="settings-hint">{BOT_TYPES.find(([t]) => t === type.value)![2]}</small>
        </label>
        <div class="settings-row">
          <input name="full_name" aria-label="Bot's name" placeholder="Name" required value={name.value} onInput={(e) => (name.value = (e.currentTarget as HTMLInputElement).value)} />
          <input name="short_name" aria-label="Bot's e-mail name" placeholder="e-mail name (…-bot@)" required value={short.value} onInput={(e) => (short.value = (e.currentTarget as HTMLInputElement).value)} />
        </div>
        {type.value === 3 && <input name="payload_url" type="url" aria-label="Endpoint URL" placeholder="https://your-server/endpoint" required value={payloadUrl.value} onInput={(e) => (payloadUrl.value = (e.currentTarget as HTMLInputElement).value)} />}
        {type.value === 4 && <input name="service_name" aria-label="Embedded bot" placeholder="converter, xkcd, …" required value={service.value} onInput={(e) => (service.value = (e.currentTarget as HTMLInputElement).value)} />}
        <div class="settings-row">
          <button class="button primary" type="submit" data-testid="bot-submit">
            Add the bot
          </button>
          <StatusLine status={status.value} />
        </div>
      </form>
    </Section>
  );
}

/** The key once, and for an incoming webhook bot the URL other tools post to. */
function NewKey({ name, email, key, type }: { name: string; email: string; key: string; type: number }) {
  const integration = useSignal("github");
  const channel = useSignal("");
  const realmUrl = String(realmSettings.value.url ?? location.origin);
  const query = new URLSearchParams({ api_key: key });
  if (channel.value.trim()) query.set("stream", channel.value.trim());
  const url = `${realmUrl}/api/v1/external/${encodeURIComponent(integration.value.trim() || "github")}?${query}`;
  return (
    <Section title={`${name}'s API key`}>
      <p class="settings-muted">
        Shown this once: copy it now. The bot signs in as <code>{email}</code>.
      </p>
      <div class="settings-secret">
        <code data-testid="bot-api-key">{key}</code>
        <button type="button" class="button" onClick={() => void copyText(key)}>
          Copy
        </button>
      </div>
      {type === 2 && (
        <div class="settings-stack">
          <div class="settings-row">
            <input aria-label="Integration" placeholder="integration (github, grafana…)" value={integration.value} onInput={(e) => (integration.value = (e.currentTarget as HTMLInputElement).value)} />
            <input aria-label="Channel to post in" placeholder="channel" value={channel.value} onInput={(e) => (channel.value = (e.currentTarget as HTMLInputElement).value)} />
          </div>
          <div class="settings-secret">
            <code data-testid="webhook-url">{url}</code>
            <button type="button" class="button" onClick={() => void copyText(url)}>
              Copy
            </button>
          </div>
        </div>
      )}
    </Section>
  );
}
