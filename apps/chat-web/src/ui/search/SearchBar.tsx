// The search bar in the top bar: `/` focuses it; Enter searches (the text parsed into a narrow,
// narrow/terms.ts, which the URL then carries as Zulip's does); suggestions show while typing,
// ↑/↓ move through them, Enter or a click takes one, Tab completes the bar with it, Esc closes
// them (and then leaves the bar). The suggestion code (suggest.ts) loads on the first focus.
import { useSignal } from "@preact/signals";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { searchNames } from "../../narrow/names";
import { FEED } from "../../narrow/narrow";
import { currentNarrow, go } from "../../narrow/router";
import { narrowOfTerms, parseSearch, termsOfNarrow, unparseSearch } from "../../narrow/terms";
import { knownChannels } from "../../state/channels";
import { loadTopics, topicsByChannel } from "../../state/topics";
import { users } from "../../state/users";
import { Icon } from "../Icon";
import { onEscape, shortcut } from "../keys";
import type { Suggestion } from "./suggest";
import "./search.css";

type Suggester = typeof import("./suggest");
let suggester: Suggester | null = null;
let loading: Promise<Suggester> | null = null;
const loadSuggester = () => (loading ??= import("./suggest").then((m) => (suggester = m)));

/** Searches for the bar's text: the narrow it names (the combined feed when empty). */
export function runSearch(text: string): void {
  const terms = parseSearch(text, searchNames());
  go(terms.length ? narrowOfTerms(terms) : FEED);
}

let installed = false;

export function SearchBar() {
  const input = useRef<HTMLInputElement>(null);
  const text = useSignal("");
  const focused = useSignal(false);
  const active = useSignal(-1);
  const ready = useSignal(suggester !== null);
  const narrow = currentNarrow.value;
  // The bar shows the open search; any other view leaves it empty. Reading `users.value`
  // subscribes the bar to the user list, which arrives after the first view: a search opened
  // from its URL (`sender/3-Grace`) shows the addresses as soon as the names are known.
  let shown = "";
  if (narrow.terms) {
    void users.value;
    shown = unparseSearch(termsOfNarrow(narrow), searchNames());
  }
  // Before the paint, so that the bar and the view it names change in the same frame.
  useLayoutEffect(() => {
    if (document.activeElement !== input.current) text.value = shown;
  }, [shown]);
  useEffect(() => {
    if (installed) return;
    installed = true;
    shortcut({
      key: "/",
      description: "Search",
      group: "Navigation",
      run: () => {
        document.querySelector<HTMLInputElement>("[data-testid=search-input]")?.focus();
      },
    });
  }, []);
  useEffect(() => (focused.value ? onEscape(() => (active.value >= 0 || text.value !== shown ? ((active.value = -1), (text.value = shown)) : input.current?.blur())) : undefined), [focused.value]);

  let suggestions: Suggestion[] = [];
  if (focused.value && ready.value && suggester) {
    suggestions = suggester.suggest(text.value, {
      names: searchNames(),
      channels: knownChannels(),
      topicsOf: (id) => {
        const list = topicsByChannel.value.get(id);
        if (!list) void loadTopics(id);
        return list?.map((t) => t.name);
      },
      users: users.value,
      currentChannelId: narrow.channelId,
    });
  }
  const open = suggestions.length > 0;

  const submit = (value: string) => {
    text.value = value;
    active.value = -1;
    input.current?.blur();
    runSearch(value);
  };
  const choose = (s: Suggestion, complete = false) => {
    if (s.fill || complete) {
      text.value = s.fill ? s.text : `${s.text} `;
      active.value = -1;
      input.current?.focus();
      return;
    }
    submit(s.text);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" && open) {
      e.preventDefault();
      active.value = (active.value + 1) % suggestions.length;
    } else if (e.key === "ArrowUp" && open) {
      e.preventDefault();
      active.value = active.value <= 0 ? suggestions.length - 1 : active.value - 1;
    } else if (e.key === "Enter") {
      e.preventDefault();
      const picked = suggestions[active.value];
      if (picked) choose(picked);
      else submit(text.value);
    } else if (e.key === "Tab" && open && !e.shiftKey) {
      const picked = suggestions[Math.max(0, active.value)];
      if (picked && picked.text !== text.value) {
        e.preventDefault();
        choose(picked, true);
      }
    }
  };

  return (
    <div class={`search-bar ${focused.value ? "focused" : ""} ${narrow.terms ? "searching" : ""}`} data-testid="search">
      <Icon name="search" size={15} class="search-icon" />
      <input
        ref={input}
        type="search"
        data-testid="search-input"
        role="combobox"
        aria-label="Search messages"
        aria-expanded={open}
        aria-controls="search-suggestions"
        aria-autocomplete="list"
        aria-activedescendant={active.value >= 0 && open ? `search-suggestion-${active.value}` : undefined}
        placeholder="Search"
        autocomplete="off"
        spellcheck={false}
        value={text.value}
        onFocus={() => {
          focused.value = true;
          if (!suggester) void loadSuggester().then(() => (ready.value = true));
        }}
        onBlur={() => {
          focused.value = false;
          active.value = -1;
        }}
        onInput={(e) => {
          text.value = (e.currentTarget as HTMLInputElement).value;
          active.value = -1;
        }}
        onKeyDown={onKeyDown}
      />
      {narrow.terms && !focused.value && (
        <button type="button" class="search-clear" aria-label="Clear search" title="Clear search" onClick={() => go(FEED)}>
          <Icon name="close" size={14} />
        </button>
      )}
      {open && (
        <ul class="search-suggestions" id="search-suggestions" role="listbox" aria-label="Search suggestions" data-testid="search-suggestions">
          {suggestions.map((s, i) => (
            <li
              key={s.text}
              id={`search-suggestion-${i}`}
              role="option"
              aria-selected={i === active.value}
              class={i === active.value ? "active" : ""}
              data-testid="search-suggestion"
              data-text={s.text}
              // mousedown, not click: the input keeps its focus (a blur would close the list first)
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              <span class="suggestion-label">{s.label}</span>
              <span class="suggestion-detail">{s.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
