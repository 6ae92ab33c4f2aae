// #organization/invites-list-admin: invite people by e-mail or make a reusable link (role,
// channels, expiry), and the pending invitations with revoke and resend (Zulip's /invites).
import { useSignal } from "@preact/signals";
import { api } from "../../api/client";
import { userName } from "../../state/users";
import { attempt, copyText, Loading, Section, StatusLine, useLoad, type Status } from "../settings/kit";
import { ChannelPicker, ROLES, roleName } from "./common";

interface Invite {
  id: number;
  invited_by_user_id: number;
  invited: number;
  expiry_date: number | null;
  invited_as: number;
  email?: string;
  is_multiuse: boolean;
  link_url?: string;
}

/** Zulip's expiry choices (minutes; null: never). */
const EXPIRY: [number | null, string][] = [
  [30, "30 minutes"],
  [24 * 60, "1 day"],
  [3 * 24 * 60, "3 days"],
  [10 * 24 * 60, "10 days"],
  [30 * 24 * 60, "30 days"],
  [null, "Never"],
];

/** The list as last fetched (ahead, when the browser was idle, or at an earlier opening). */
let lastFetched: Invite[] | null = null;
const fetchPending = () => api.get<{ invites: Invite[] }>("/invites").then((a) => (lastFetched = a.invites));

/** The pending list, fetched ahead for administrators (settings/SettingsOverlay.tsx's preloadPanes). */
export const prefetch = fetchPending;

export default function Invitations() {
  // Drawn at once from the list fetched before, and refreshed by this opening's own fetch.
  const pending = useLoad(fetchPending);
  const invites = pending.value ?? lastFetched;
  return (
    <>
      <InviteForm onMade={pending.reload} />
      <Section title="Pending invitations">
        {invites ? <PendingList invites={invites} onChange={pending.reload} /> : <Loading error={pending.error} />}
      </Section>
    </>
  );
}

function InviteForm({ onMade }: { onMade: () => void }) {
  const kind = useSignal<"email" | "link">("link");
  const emails = useSignal("");
  const role = useSignal(400);
  const expiry = useSignal<number | null>(10 * 24 * 60);
  const channels = useSignal<Set<number>>(new Set());
  const status = useSignal<Status>(null);
  const link = useSignal<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    link.value = null;
    const common = { invite_as: role.value, stream_ids: [...channels.value], invite_expires_in_minutes: expiry.value === null ? "null" : expiry.value };
    if (kind.value === "link") {
      void attempt(status, async () => {
        const made = await api.post<{ invite_link: string }>("/invites/multiuse", common);
        link.value = made.invite_link;
        onMade();
      }, "Link made");
    } else {
      void attempt(status, async () => {
        await api.post("/invites", { ...common, invitee_emails: emails.value });
        emails.value = "";
        onMade();
      }, "Invitations sent");
    }
  };
  return (
    <Section title="Invite people">
      <form class="settings-stack" data-testid="invite-form" onSubmit={submit}>
        <div class="settings-row" role="radiogroup" aria-label="How to invite">
          <label class="settings-toggle">
            <input type="radio" name="kind" checked={kind.value === "link"} onChange={() => (kind.value = "link")} data-testid="invite-kind-link" />
            <span>A reusable link</span>
          </label>
          <label class="settings-toggle">
            <input type="radio" name="kind" checked={kind.value === "email"} onChange={() => (kind.value = "email")} data-testid="invite-kind-email" />
            <span>By e-mail</span>
          </label>
        </div>
        {kind.value === "email" && (
          <label class="settings-field">
            <span class="settings-label">E-mail addresses (comma- or line-separated)</span>
            <textarea name="invitee_emails" rows={3} required value={emails.value} onInput={(e) => (emails.value = (e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
        )}
        <div class="settings-row">
          <label class="settings-field">
            <span class="settings-label">Join as</span>
            <select name="invite_as" value={String(role.value)} onChange={(e) => (role.value = Number((e.currentTarget as HTMLSelectElement).value))}>
              {ROLES.map(([r, name]) => (
                <option key={r} value={String(r)}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label class="settings-field">
            <span class="settings-label">Expires after</span>
            <select name="expiry" value={String(expiry.value)} onChange={(e) => (expiry.value = EXPIRY.find(([m]) => String(m) === (e.currentTarget as HTMLSelectElement).value)![0])}>
              {EXPIRY.map(([m, label]) => (
                <option key={String(m)} value={String(m)}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ChannelPicker chosen={channels.value} onChange={(next) => (channels.value = next)} />
        <div class="settings-row">
          <button class="button primary" type="submit" data-testid="invite-submit">
            {kind.value === "link" ? "Make the link" : "Send invitations"}
          </button>
          <StatusLine status={status.value} testId="invite-status" />
        </div>
        {link.value && (
          <div class="settings-secret">
            <code data-testid="invite-link">{link.value}</code>
            <button type="button" class="button" onClick={() => void copyText(link.value!)}>
              Copy
            </button>
          </div>
        )}
      </form>
    </Section>
  );
}

function PendingList({ invites, onChange }: { invites: Invite[]; onChange: () => void }) {
  const status = useSignal<Status>(null);
  if (!invites.length)
    return (
      <p class="settings-muted" data-testid="no-invites">
        No pending invitations.
      </p>
    );
  const revoke = (i: Invite) => void attempt(status, () => api.delete(i.is_multiuse ? `/invites/multiuse/${i.id}` : `/invites/${i.id}`).then(onChange), "Revoked");
  const resend = (i: Invite) => void attempt(status, () => api.post(`/invites/${i.id}/resend`), "Sent again");
  return (
    <>
      <table class="settings-table stacked" data-testid="pending-invites">
        <thead>
          <tr>
            <th>Invited</th>
            <th>By</th>
            <th>As</th>
            <th>Expires</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {invites.map((i) => (
            <tr key={`${i.is_multiuse}-${i.id}`}>
              <td class="settings-break" data-label="Invited">
                {i.is_multiuse ? (
                  <>
                    Reusable link <code>{i.link_url?.replace(/^.*\/join\//, "…/join/")}</code>
                  </>
                ) : (
                  i.email
                )}
              </td>
              <td data-label="By">{userName(i.invited_by_user_id)}</td>
              <td data-label="As">{roleName(i.invited_as)}</td>
              <td data-label="Expires">{i.expiry_date ? new Date(i.expiry_date * 1000).toLocaleString() : "Never"}</td>
              <td class="settings-actions">
                {!i.is_multiuse && (
                  <button type="button" class="button" onClick={() => resend(i)}>
                    Resend
                  </button>
                )}
                <button type="button" class="button danger" onClick={() => revoke(i)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <StatusLine status={status.value} />
    </>
  );
}
