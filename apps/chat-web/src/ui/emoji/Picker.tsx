// The emoji picker: a search box over Zulip's emoji names and the organization's custom emoji,
// the user's frequently used first. The keyboard stays in the search box: arrows move the
// highlight through the grid, Enter picks, Esc closes. Loaded on first use (ui/emoji/open.ts).
import { useComputed, useSignal } from "@preact/signals";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { emojiImageUrl } from "../../content/emoji";
import { realmEmoji } from "../../state/emoji";
import { allEmoji, catalogReady, frequentEmoji, noteEmojiUsed, searchEmoji, type EmojiEntry } from "../../state/emojiCatalog";
import { onEscape } from "../keys";
import { closeModal } from "../overlays";
import "./picker.css";

interface Section {
  title: string;
  items: EmojiEntry[];
}

// The first screen of the full list is drawn with the picker; the rest (about 1,800 emoji)
// right after it shows, so that opening costs one screen's worth of work.
const FIRST_ROWS = 200;

function sections(query: string, full: boolean): Section[] {
  if (query.trim()) return [{ title: "Search results", items: searchEmoji(query, 120) }];
  const everything = allEmoji();
  const custom = everything.filter((e) => e.type === "realm_emoji");
  const unicode = everything.filter((e) => e.type === "unicode_emoji");
  const out: Section[] = [{ title: "Frequently used", items: frequentEmoji(16) }];
  if (custom.length) out.push({ title: "Custom", items: custom });
  out.push({ title: "All emoji", items: full ? unicode : unicode.slice(0, FIRST_ROWS) });
  return out;
}

export function EmojiImage({ emoji, size = 24 }: { emoji: Pick<EmojiEntry, "code" | "type" | "name">; size?: number }) {
  const src = emoji.type === "realm_emoji" ? realmEmoji.value.get(emoji.code)?.source_url : emojiImageUrl(emoji.code);
  return src ? <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" draggable={false} /> : <span class="emoji-fallback">:{emoji.name}:</span>;
}

/** The item next to `from` in a direction, by where the items are drawn (sections start new rows). */
function neighbour(grid: HTMLElement, from: number, key: string): number {
  const cells = [...grid.querySelectorAll<HTMLElement>("[data-index]")];
  const here = cells[from];
  if (!here) return 0;
  if (key === "ArrowRight") return Math.min(from + 1, cells.length - 1);
  if (key === "ArrowLeft") return Math.max(from - 1, 0);
  const top = here.offsetTop;
  const left = here.offsetLeft;
  const down = key === "ArrowDown";
  // The nearest row in that direction, then the cell in it closest to the same column.
  const rows = cells.filter((c) => (down ? c.offsetTop > top + 2 : c.offsetTop < top - 2));
  if (!rows.length) return from;
  const rowTop = down ? Math.min(...rows.map((c) => c.offsetTop)) : Math.max(...rows.map((c) => c.offsetTop));
  const row = rows.filter((c) => Math.abs(c.offsetTop - rowTop) <= 2);
  row.sort((a, b) => Math.abs(a.offsetLeft - left) - Math.abs(b.offsetLeft - left));
  return Number(row[0]!.dataset.index);
}

export function PickerPanel({ onPick }: { onPick: (emoji: EmojiEntry) => void }) {
  const query = useSignal("");
  const active = useSignal(0);
  const full = useSignal(false);
  const grid = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ready = catalogReady.value;
  const shown = useComputed(() => (catalogReady.value ? sections(query.value, full.value) : []));
  const flat = shown.value.flatMap((s) => s.items);
  const current = flat[Math.min(active.value, flat.length - 1)];

  useLayoutEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (!ready || full.peek()) return;
    const timer = requestAnimationFrame(() => setTimeout(() => (full.value = true), 0));
    return () => cancelAnimationFrame(timer);
  }, [ready]);
  useEffect(() => {
    // The highlighted emoji stays in sight as the arrows move it.
    grid.current?.querySelector<HTMLElement>(`[data-index="${active.value}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active.value]);

  const pick = (emoji: EmojiEntry | undefined) => {
    if (!emoji) return;
    noteEmojiUsed(emoji);
    onPick(emoji);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      pick(current);
    } else if (["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"].includes(event.key) && grid.current && flat.length) {
      // Left and right move the caret while there is text to move it in.
      if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && query.value && event.currentTarget === input.current) return;
      event.preventDefault();
      active.value = neighbour(grid.current, active.value, event.key);
    }
  };

  let index = 0;
  return (
    <div class="emoji-picker" data-testid="emoji-picker" onKeyDown={onKeyDown}>
      <div class="emoji-search">
        <input
          ref={input}
          type="search"
          placeholder="Search emoji"
          aria-label="Search emoji"
          aria-controls="emoji-grid"
          aria-activedescendant={current ? `emoji-option-${active.value}` : undefined}
          autocomplete="off"
          value={query.value}
          onInput={(e) => {
            query.value = e.currentTarget.value;
            active.value = 0;
          }}
        />
      </div>
      <div class="emoji-grid" id="emoji-grid" role="listbox" aria-label="Emoji" ref={grid}>
        {!ready && <p class="emoji-empty">Loading emoji…</p>}
        {ready && !flat.length && <p class="emoji-empty">No emoji match “{query.value}”.</p>}
        {shown.value.map((section) =>
          section.items.length ? (
            <section key={section.title} aria-label={section.title}>
              <h3>{section.title}</h3>
              <div class="emoji-cells">
                {section.items.map((emoji) => {
                  const i = index++;
                  return (
                    <button
                      key={`${section.title}:${emoji.type}:${emoji.code}`}
                      type="button"
                      id={`emoji-option-${i}`}
                      role="option"
                      aria-selected={i === active.value}
                      aria-label={emoji.name.replaceAll("_", " ")}
                      tabIndex={-1}
                      data-index={i}
                      data-emoji-name={emoji.name}
                      class={i === active.value ? "active" : undefined}
                      onMouseEnter={() => (active.value = i)}
                      onClick={() => pick(emoji)}
                    >
                      <EmojiImage emoji={emoji} />
                    </button>
                  );
                })}
              </div>
            </section>
          ) : null,
        )}
      </div>
      <div class="emoji-preview" aria-live="polite">
        {current ? (
          <>
            <EmojiImage emoji={current} size={28} />
            <span class="emoji-preview-name">:{current.name}:</span>
            {current.aliases.length > 0 && <span class="emoji-preview-aliases">also :{current.aliases.slice(0, 2).join(": :")}:</span>}
          </>
        ) : (
          <span class="emoji-preview-aliases">Pick an emoji</span>
        )}
      </div>
    </div>
  );
}

/** On a phone: the same picker in a sheet across the bottom of the screen (a modal). */
export function PickerSheet({ label, onPick }: { label: string; onPick: (emoji: EmojiEntry) => void }) {
  useEffect(() => onEscape(closeModal), []);
  return (
    <div class="modal-backdrop emoji-sheet-backdrop" onMouseDown={(e) => e.target === e.currentTarget && closeModal()}>
      <div class="emoji-sheet" role="dialog" aria-modal="true" aria-label={label}>
        <div class="emoji-sheet-handle" aria-hidden="true" />
        <PickerPanel onPick={onPick} />
      </div>
    </div>
  );
}
