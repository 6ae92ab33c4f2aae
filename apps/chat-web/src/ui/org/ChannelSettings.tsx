// One channel's settings. "General" (PATCH /json/streams/{id}): name, description with its
// rendered preview, and each permission held by a group, for those who may administer the
// channel (others see them, read-only); archiving (DELETE /json/streams/{id}). "Personal" (POST
// /json/users/me/subscriptions/properties), for subscribers: colour, mute, pin and the
// notification overrides. The stores change when the server's events come back.
import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { api, ApiError } from "../../api/client";
import { go, hashOf } from "../../narrow/router";
import { subscriptionById, visibleChannels } from "../../state/channels";
import { mayAdministerChannel, privacyOf } from "../../state/channel-rules";
import { userSettings } from "../../state/settings";
import type { Channel } from "../../state/types";
import { Icon } from "../Icon";
import { settingsHash } from "./channel-links";
import { GroupSelect } from "./GroupSelect";
import { whoAmI } from "./who";

/** The channel's permissions, in Zulip's words for its settings page (our own phrasing). */
const PERMISSIONS: [setting: string, label: string][] = [
  ["can_send_message_group", "Who can post"],
  ["can_administer_channel_group", "Who can administer the channel"],
  ["can_subscribe_group", "Who can subscribe themselves"],
  ["can_add_subscribers_group", "Who can add subscribers"],
  ["can_remove_subscribers_group", "Who can remove subscribers"],
  ["can_create_topic_group", "Who can start new topics"],
  ["can_move_messages_within_channel_group", "Who can move messages between its topics"],
  ["can_move_messages_out_of_channel_group", "Who can move messages out of it"],
  ["can_resolve_topics_group", "Who can resolve topics"],
  ["can_delete_own_message_group", "Who can delete their own messages"],
  ["can_delete_any_message_group", "Who can delete any message"],
];

/** A subscription's notification overrides, and the user setting each one defaults to. */
const NOTIFICATIONS: [property: string, label: string, fallback: string][] = [
  ["desktop_notifications", "Desktop notifications", "enable_stream_desktop_notifications"],
  ["audible_notifications", "Sound", "enable_stream_audible_notifications"],
  ["push_notifications", "Mobile notifications", "enable_stream_push_notifications"],
  ["email_notifications", "E-mail notifications", "enable_stream_email_notifications"],
  ["wildcard_mentions_notify", "Notify for @all and @everyone mentions", "wildcard_mentions_notify"],
];

const PRIVACY_WORDS = { public: "Public", private: "Private", "web-public": "Web-public" };

function useAction() {
  const error = useSignal<string | null>(null);
  const busy = useSignal(false);
  const run = async (action: () => Promise<unknown>, after?: () => void) => {
    busy.value = true;
    error.value = null;
    try {
      await action();
      after?.();
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
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

export function ChannelSettings({ channelId, section }: { channelId: number; section: "general" | "personal" }) {
  const channel = visibleChannels.value.get(channelId);
  const sub = subscriptionById.value.get(channelId);
  if (!channel) {
    return (
      <div>
        <a class="org-back" href="#channels/subscribed">
          ‹ Channels
        </a>
        <p class="org-empty" role="status">
          This channel does not exist, or you cannot see it.
        </p>
      </div>
    );
  }
  const tab = sub ? section : "general";
  return (
    <div data-testid="channel-settings" data-channel-id={channelId}>
      <a class="org-back" href="#channels/subscribed">
        ‹ Channels
      </a>
      <h3 class="settings-title">
        <Icon name={channel.invite_only ? "lock" : channel.is_web_public ? "globe" : "hash"} size={16} />
        <a href={hashOf({ channelId })}>{channel.name}</a>
        <span class="org-hint">
          {PRIVACY_WORDS[privacyOf(channel)]} · {channel.subscriber_count ?? "?"} subscribers
        </span>
      </h3>
      <nav class="org-tabs" aria-label="Settings">
        <a href={settingsHash(channelId, channel.name, "general")} aria-current={tab === "general" ? "page" : undefined}>
          General
        </a>
        {sub && (
          <a href={settingsHash(channelId, channel.name, "personal")} aria-current={tab === "personal" ? "page" : undefined} data-testid="tab-personal">
            Personal
          </a>
        )}
      </nav>
      {tab === "general" ? <General channel={channel} /> : <Personal channelId={channelId} />}
    </div>
  );
}

function General({ channel }: { channel: Channel }) {
  const allowed = mayAdministerChannel(channel, whoAmI());
  const name = useSignal(channel.name);
  const description = useSignal(channel.description ?? "");
  const preview = useSignal<string | null>(channel.rendered_description ?? null);
  const about = useAction();
  const perms = useAction();
  const archive = useAction();
  const confirming = useSignal(false);

  // The description's preview: the server renders it as it will store it (POST /messages/render).
  useEffect(() => {
    if (description.value === (channel.description ?? "")) return void (preview.value = channel.rendered_description ?? null);
    const timer = setTimeout(() => {
      api
        .post<{ rendered: string }>("/messages/render", { content: description.value })
        .then((r) => (preview.value = r.rendered))
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [description.value, channel.rendered_description]);

  const saveAbout = (event: Event) => {
    event.preventDefault();
    const change: Record<string, string> = {};
    if (name.value.trim() !== channel.name) change.new_name = name.value.trim();
    if (description.value !== (channel.description ?? "")) change.description = description.value;
    if (!Object.keys(change).length) return;
    void about.run(() => api.patch(`/streams/${channel.stream_id}`, change));
  };

  return (
    <>
      <form class="org-form org-section" onSubmit={saveAbout} data-testid="channel-about">
        <label>
          <span>Name</span>
          <input name="name" value={name.value} maxLength={60} disabled={!allowed} onInput={(e) => (name.value = e.currentTarget.value)} />
        </label>
        <label>
          <span>Description</span>
          <textarea name="description" value={description.value} maxLength={1024} disabled={!allowed} onInput={(e) => (description.value = e.currentTarget.value)} />
        </label>
        <div class="org-form-field">
          <span class="org-label">Preview</span>
          {preview.value ? <div class="org-preview" dangerouslySetInnerHTML={{ __html: preview.value }} /> : <div class="org-preview org-hint">No description.</div>}
        </div>
        <Problem text={about.error.value} />
        {allowed && (
          <div class="org-actions">
            <button type="submit" class="org-button primary" disabled={about.busy.value} data-testid="save-channel">
              Save changes
            </button>
          </div>
        )}
      </form>
      <section class="org-section org-form" aria-label="Permissions">
        <h3>Permissions</h3>
        {!allowed && <p class="org-hint">Only the channel's administrators can change these.</p>}
        <div class="org-grid">
          {PERMISSIONS.filter(([setting]) => setting in channel).map(([setting, label]) => (
            <GroupSelect
              key={setting}
              name={setting}
              label={label}
              value={channel[setting as `can_${string}_group`]}
              disabled={!allowed || perms.busy.value}
              onChange={(id) => void perms.run(() => api.patch(`/streams/${channel.stream_id}`, { [setting]: { new: id, old: channel[setting as `can_${string}_group`] } }))}
            />
          ))}
        </div>
        <Problem text={perms.error.value} />
      </section>
      {allowed && (
        <section class="org-section" aria-label="Archive">
          <h3>Archive</h3>
          <p class="org-hint">An archived channel leaves everyone's sidebar and takes no new messages; its history is kept.</p>
          {!confirming.value ? (
            <button type="button" class="org-button danger" onClick={() => (confirming.value = true)} data-testid="archive-channel">
              Archive channel
            </button>
          ) : (
            <div class="org-row">
              <span>Archive #{channel.name}?</span>
              <button type="button" class="org-button danger" disabled={archive.busy.value} data-testid="confirm-archive" onClick={() => void archive.run(() => api.delete(`/streams/${channel.stream_id}`), () => go("#channels/subscribed"))}>
                Archive
              </button>
              <button type="button" class="org-button" onClick={() => (confirming.value = false)}>
                Cancel
              </button>
            </div>
          )}
          <Problem text={archive.error.value} />
        </section>
      )}
    </>
  );
}

function Personal({ channelId }: { channelId: number }) {
  const sub = subscriptionById.value.get(channelId);
  const action = useAction();
  if (!sub) return null;
  const fields = sub as unknown as Record<string, unknown>;
  const settings = userSettings.value;
  const set = (property: string, value: unknown) => void action.run(() => api.post("/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channelId, property, value }] }));
  return (
    <div class="org-form org-section" data-testid="channel-personal">
      <label class="check">
        <input type="color" value={sub.color} onChange={(e) => set("color", e.currentTarget.value)} aria-label="Colour" />
        <span>Colour in the sidebar and headers</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={sub.is_muted} onChange={(e) => set("is_muted", e.currentTarget.checked)} data-testid="mute-channel" />
        <span>Mute (left out of the combined feed and its counts)</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={sub.pin_to_top} onChange={(e) => set("pin_to_top", e.currentTarget.checked)} />
        <span>Pin to the top of the sidebar</span>
      </label>
      <h3>Notifications</h3>
      {NOTIFICATIONS.map(([property, label, fallback]) => {
        // null: follows the user's general setting for channels.
        const own = fields[property];
        const on = typeof own === "boolean" ? own : Boolean(settings[fallback]);
        return (
          <label class="check" key={property}>
            <input type="checkbox" checked={on} onChange={(e) => set(property, e.currentTarget.checked)} />
            <span>
              {label} {typeof own !== "boolean" && <span class="org-hint">(your default)</span>}
            </span>
          </label>
        );
      })}
      <Problem text={action.error.value} />
    </div>
  );
}
