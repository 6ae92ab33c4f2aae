// After a send to a conversation other than the one on screen (Zulip's "sent to a conversation
// you are not viewing" notice): where the message went, with a link there. Sends to the open
// view scroll to the message instead (MessageList).
import { signal } from "@preact/signals";
import { hashOf } from "../../narrow/router";
import type { Narrow } from "../../narrow/narrow";
import { Icon } from "../Icon";

export const sentElsewhere = signal<{ narrow: Narrow; label: string } | null>(null);

export function SentBanner() {
  const sent = sentElsewhere.value;
  if (!sent) return null;
  return (
    <div class="sent-banner" role="status" data-testid="sent-banner">
      <Icon name="check" />
      <span>
        Message sent to <a href={hashOf(sent.narrow)} onClick={() => (sentElsewhere.value = null)}>{sent.label}</a>, which is not the conversation you are viewing.
      </span>
      <button type="button" class="sent-banner-close" aria-label="Dismiss" onClick={() => (sentElsewhere.value = null)}>
        <Icon name="close" />
      </button>
    </div>
  );
}
