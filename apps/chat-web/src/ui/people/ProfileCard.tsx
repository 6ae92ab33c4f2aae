// A person's card (a popover from their name or picture) and full profile (`#user/<id>`):
// name, role, e-mail when the server shares it, their local time, status, the organization's
// custom profile fields, and the ways on: a direct message, the messages they sent.
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api } from "../../api/client";
import { encodeHashComponent } from "../../narrow/hash";
import { go } from "../../narrow/router";
import { localTime, roleName, showField, type FieldValue, type ProfileField } from "../../state/profile";
import { session } from "../../state/session";
import { displayName, users } from "../../state/users";
import { Avatar } from "../Avatar";
import { Icon } from "../Icon";
import { closePopover } from "../overlays";
import "../org/org.css";
import "./people.css";

interface Details {
  delivery_email?: string | null;
  timezone?: string;
  date_joined?: string;
  profile_data?: Record<string, FieldValue>;
  status?: { status_text?: string; emoji_name?: string; emoji_code?: string; reaction_type?: string; away?: boolean };
}

let fields: Promise<ProfileField[]> | null = null;
/** The organization's custom profile fields, fetched once. */
function profileFields(): Promise<ProfileField[]> {
  fields ??= api
    .get<{ custom_fields: ProfileField[] }>("/realm/profile_fields")
    .then((r) => [...r.custom_fields].sort((a, b) => a.order - b.order))
    .catch((error) => {
      fields = null;
      throw error;
    });
  return fields;
}

async function loadDetails(userId: number): Promise<Details> {
  const [user, status] = await Promise.all([api.get<{ user: Details }>(`/users/${userId}`, { include_custom_profile_fields: true }), api.get<{ status: Details["status"] }>(`/users/${userId}/status`).catch(() => ({ status: undefined }))]);
  return { ...user.user, status: status.status };
}

function statusEmoji(status: Details["status"]): string {
  if (!status?.emoji_code || status.reaction_type !== "unicode_emoji") return "";
  try {
    return String.fromCodePoint(...status.emoji_code.split("-").map((h) => parseInt(h, 16)));
  } catch {
    return "";
  }
}

export function useProfile(userId: number) {
  const details = useSignal<Details | null>(null);
  const defs = useSignal<ProfileField[]>([]);
  const failed = useSignal<string | null>(null);
  useEffect(() => {
    loadDetails(userId)
      .then((d) => (details.value = d))
      .catch((e: Error) => (failed.value = e.message));
    profileFields()
      .then((f) => (defs.value = f))
      .catch(() => {});
  }, [userId]);
  return { details: details.value, defs: defs.value, failed: failed.value };
}

const senderHash = (userId: number, name: string) => `#narrow/sender/${userId}-${encodeHashComponent(name.replace(/\s+/g, "-"))}`;

export function ProfileBody({ userId, full }: { userId: number; full?: boolean }) {
  const user = users.value.get(userId);
  const me = session.value!;
  const { details, defs, failed } = useProfile(userId);
  const name = user?.full_name ?? displayName(userId);
  const zone = details?.timezone || user?.timezone;
  const time = localTime(zone, new Date(), me.twentyFourHourTime);
  const emoji = statusEmoji(details?.status);
  const shown = defs.map((f) => [f, showField(f, details?.profile_data?.[String(f.id)])] as const).filter(([, v]) => v);
  const leave = (to: string | { dm: number[] }) => {
    closePopover();
    go(to);
  };
  return (
    <div class={`profile ${full ? "full" : ""}`} data-testid={full ? "profile-full" : "profile-card"} data-user-id={userId} data-loaded={details ? "" : undefined}>
      <div class="profile-head">
        <Avatar userId={userId} name={name} url={user?.avatar_url} size={full ? 96 : 64} />
        <div class="profile-names">
          <h3 class="profile-name">
            {name}
            {userId === me.userId && <span class="org-hint"> (you)</span>}
          </h3>
          <div class="profile-role" data-testid="profile-role">
            {user ? roleName(user) : ""}
            {user && !user.is_active && " · deactivated"}
          </div>
          {(emoji || details?.status?.status_text) && (
            <div class="profile-status" data-testid="profile-status">
              {emoji && <span aria-hidden="true">{emoji} </span>}
              {details?.status?.status_text}
            </div>
          )}
        </div>
      </div>
      <dl class="profile-facts">
        {details?.delivery_email && (
          <>
            <dt>E-mail</dt>
            <dd data-testid="profile-email">
              <a href={`mailto:${details.delivery_email}`}>{details.delivery_email}</a>
            </dd>
          </>
        )}
        {time && (
          <>
            <dt>Local time</dt>
            <dd data-testid="profile-time">
              {time} <span class="org-hint">({zone})</span>
            </dd>
          </>
        )}
        {full && details?.date_joined && (
          <>
            <dt>Joined</dt>
            <dd>{new Date(details.date_joined).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}</dd>
          </>
        )}
        {shown.map(([f, v]) => (
          <div key={f.id} class="profile-field" data-testid="profile-field">
            <dt>{f.name}</dt>
            <dd>
              {v!.kind === "text" && v!.text}
              {v!.kind === "html" && <span dangerouslySetInnerHTML={{ __html: v!.html }} />}
              {v!.kind === "link" && (
                <a href={v!.href} target="_blank" rel="noopener noreferrer">
                  {v!.text}
                </a>
              )}
              {v!.kind === "people" && v!.ids.map((id) => users.value.get(id)?.full_name ?? "Unknown user").join(", ")}
            </dd>
          </div>
        ))}
      </dl>
      {failed && <p class="org-hint">{failed}</p>}
      <div class="profile-actions">
        <button type="button" class="org-button primary" data-testid="profile-dm" onClick={() => leave({ dm: userId === me.userId ? [] : [userId] })}>
          <Icon name="envelope" size={15} /> Send a direct message
        </button>
        <button type="button" class="org-button" data-testid="profile-sent" onClick={() => leave(senderHash(userId, name))}>
          <Icon name="search" size={15} /> View messages sent
        </button>
        {!full && (
          <a class="org-button" href={`#user/${userId}`} data-testid="profile-open-full" onClick={() => closePopover()}>
            <Icon name="person" size={15} /> View full profile
          </a>
        )}
      </div>
    </div>
  );
}

export function ProfileCard({ userId }: { userId: number }) {
  return <ProfileBody userId={userId} />;
}
