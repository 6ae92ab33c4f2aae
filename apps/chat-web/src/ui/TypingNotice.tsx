// "Grace Hopper is typing…" under the open conversation's messages (a topic or a direct
// conversation), from state/typing.ts. Zulip's wording: one or two names, or "Several people"
// beyond three.
import { currentNarrow } from "../narrow/router";
import { conversationKey, typists } from "../state/typing";
import { displayName } from "../state/users";

const MAX_NAMED = 3;

export function typingText(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length > MAX_NAMED) return "Several people are typing…";
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are typing…`;
}

export function TypingNotice() {
  const key = conversationKey(currentNarrow.value);
  const ids = key ? (typists.value.get(key) ?? []) : [];
  return (
    <div class="typing-notice" aria-live="polite">
      {ids.length > 0 && <span data-testid="typing">{typingText(ids.map(displayName))}</span>}
    </div>
  );
}
