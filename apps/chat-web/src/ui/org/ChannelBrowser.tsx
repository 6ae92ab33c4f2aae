// The channel browser: every channel the user may see (or only their subscriptions), filtered
// by name as one types, each with its rendered description, subscriber count and a one-click
// subscribe/unsubscribe. Subscribing goes through POST/DELETE /json/users/me/subscriptions; the
// list changes when the server's subscription event comes back.
import { useComputed, useSignal } from "@preact/signals";
import { api, ApiError } from "../../api/client";
import { hashOf } from "../../narrow/router";
import { channelCollator, subscriptionById, visibleChannels } from "../../state/channels";
import { creatablePrivacies, filterChannels, mayAdministerChannel, maySubscribe } from "../../state/channel-rules";
import { realmSettings } from "../../state/settings";
import type { Channel } from "../../state/types";
import { Icon } from "../Icon";
import { settingsHash } from "./channel-links";
import { whoAmI } from "./who";

/** Rows drawn at once: the filter narrows the rest down. */
const SHOWN = 200;

export function ChannelBrowser({ tab }: { tab: "all" | "subscribed" }) {
  const query = useSignal("");
  const pending = useSignal<ReadonlySet<number>>(new Set());
  const error = useSignal<string | null>(null);
  const who = whoAmI();
  const subs = subscriptionById.value;
  const list = useComputed(() => {
    const collator = channelCollator();
    return filterChannels(visibleChannels.value.values(), query.value, tab === "subscribed" ? new Set(subscriptionById.value.keys()) : null, (a, b) => collator.compare(a, b));
  }).value;
  const mayCreate = creatablePrivacies(realmSettings.value, who).length > 0;

  const toggle = async (channel: Channel) => {
    const subscribed = subs.has(channel.stream_id);
    pending.value = new Set([...pending.value, channel.stream_id]);
    error.value = null;
    try {
      if (subscribed) await api.delete("/users/me/subscriptions", { subscriptions: [channel.name] });
      else await api.post("/users/me/subscriptions", { subscriptions: [{ name: channel.name }] });
    } catch (e) {
      error.value = e instanceof ApiError ? e.message : String(e);
    } finally {
      const next = new Set(pending.value);
      next.delete(channel.stream_id);
      pending.value = next;
    }
  };

  return (
    <div data-testid="channel-browser">
      <nav class="org-tabs" aria-label="Which channels">
        <a href="#channels/subscribed" aria-current={tab === "subscribed" ? "page" : undefined} data-testid="tab-subscribed">
          Subscribed
        </a>
        <a href="#channels/all" aria-current={tab === "all" ? "page" : undefined} data-testid="tab-all">
          All channels
        </a>
        <a href="#groups" data-testid="tab-groups">
          User groups
        </a>
        <span class="grow" />
        {mayCreate && (
          <a class="org-button primary" href="#channels/new" data-testid="new-channel">
            <Icon name="plus" size={14} /> Create channel
          </a>
        )}
      </nav>
      <input class="org-filter" type="search" placeholder="Filter channels" aria-label="Filter channels" value={query.value} onInput={(e) => (query.value = e.currentTarget.value)} autofocus data-testid="channel-filter" />
      {error.value && (
        <p class="org-error" role="alert">
          {error.value}
        </p>
      )}
      <ul class="org-list" aria-label="Channels">
        {list.slice(0, SHOWN).map((c) => {
          const subscribed = subs.has(c.stream_id);
          const color = subs.get(c.stream_id)?.color;
          const busy = pending.value.has(c.stream_id);
          return (
            <li key={c.stream_id} data-testid="channel-entry" data-channel-id={c.stream_id}>
              <div class="org-item-main">
                <a class="org-item-title" href={hashOf({ channelId: c.stream_id })}>
                  {c.invite_only ? <Icon name="lock" size={14} label="Private" /> : c.is_web_public ? <Icon name="globe" size={14} label="Web-public" /> : <Icon name="hash" size={14} />}
                  {color && <span class="org-swatch" style={{ background: color }} aria-hidden="true" />}
                  <span data-testid="channel-name">{c.name}</span>
                </a>
                {/* The server's own rendering of the description (sanitized Markdown, as a message's). */}
                {c.rendered_description ? <div class="org-item-text" dangerouslySetInnerHTML={{ __html: c.rendered_description }} /> : <div class="org-item-text">{c.description || "No description."}</div>}
              </div>
              <div class="org-item-side">
                {typeof c.subscriber_count === "number" && (
                  <span class="org-count" title={`${c.subscriber_count} subscribers`} aria-label={`${c.subscriber_count} subscribers`} data-testid="subscriber-count">
                    <Icon name="people" size={14} />
                    {c.subscriber_count}
                  </span>
                )}
                {(subscribed || maySubscribe(c, who)) && (
                  <button type="button" class={`org-button small ${subscribed ? "" : "primary"}`} disabled={busy} aria-pressed={subscribed} data-testid="toggle-subscription" onClick={() => void toggle(c)}>
                    {subscribed ? "Unsubscribe" : "Subscribe"}
                  </button>
                )}
                {(subscribed || mayAdministerChannel(c, who)) && (
                  <a class="icon-button" href={settingsHash(c.stream_id, c.name)} aria-label={`Settings of ${c.name}`} title="Channel settings" data-testid="channel-settings-link">
                    <Icon name="gear" size={16} />
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {!list.length && <p class="org-empty">{query.value ? "No channel matches." : tab === "subscribed" ? "You are not subscribed to any channel." : "There are no channels yet."}</p>}
      {list.length > SHOWN && <p class="org-empty">{list.length - SHOWN} more: type to narrow the list.</p>}
    </div>
  );
}
