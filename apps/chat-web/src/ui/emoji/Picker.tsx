// The emoji picker: a search box over Zulip's emoji names and the organization's custom emoji,
// the user's frequently used first. The keyboard stays in the search box: arrows move the
// highlight through the grid, Enter picks, Esc closes. Loaded on first use (ui/emoji/open.ts).
// The popover's panel is drawn once and kept (keptPanel): each later open moves the same
// elements back into the page, as a fresh grid of emoji pictures cost a reopen 0.9 s.
import { useComputed, useSignal } from "@preact/signals";
import { h, render, type ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { emojiImageUrl } from "../../content/emoji";
import { realmEmoji } from "../../state/emoji";
import { allEmoji, catalogReady, frequentEmoji, noteEmojiUsed, searchEmoji, type EmojiEntry } from "../../state/emoji-catalog";
import { onEscape } from "../keys";
import { closeModal } from "../overlays";
import "./picker.css";

interface Section {
  title: string;
  items: EmojiEntry[];
}

// The full list (about 1,800 emoji) is drawn a few screens at a time, more as it is scrolled
// down: opening costs a few screens' worth of work, and so does each redraw (a highlight).
const STEP = 160;

// The name table comes sorted by code point, which starts with ⁉ and ™. The picker shows it in
// an order closer to the emoji keyboards people know: faces and people, nature, food, activities,
// travel, objects, symbols, flags (by Unicode block: the table carries no categories).
const BLOCKS: [from: number, to: number][] = [
  [0x1f600, 0x1f64f], // faces and gestures
  [0x1f910, 0x1f9ff], // more faces, people, animals, food
  [0x1f440, 0x1f4ff], // body parts, people, objects
  [0x1f300, 0x1f43f], // nature, food, activities, animals
  [0x1f680, 0x1f6ff], // travel
  [0x1f500, 0x1f5ff], // objects
  [0x2600, 0x27bf], // weather and dingbats
];
const FLAGS: [number, number] = [0x1f1e6, 0x1f1ff];

function blockRank(code: string): number {
  const first = parseInt(code, 16);
  if (first >= FLAGS[0] && first <= FLAGS[1]) return BLOCKS.length + 1;
  const at = BLOCKS.findIndex(([from, to]) => first >= from && first <= to);
  return at < 0 ? BLOCKS.length : at;
}

let ordered: { source: EmojiEntry[]; sorted: EmojiEntry[] } | null = null;
function inPickerOrder(unicode: EmojiEntry[]): EmojiEntry[] {
  if (ordered?.source.length !== unicode.length) ordered = { source: unicode, sorted: unicode.map((e, i) => [e, blockRank(e.code), i] as const).sort((a, b) => a[1] - b[1] || a[2] - b[2]).map(([e]) => e) };
  return ordered.sorted;
}

function sections(query: string, shown: number, _opened: number): Section[] {
  if (query.trim()) return [{ title: "Search results", items: searchEmoji(query, 120) }];
  const everything = allEmoji();
  const custom = everything.filter((e) => e.type === "realm_emoji");
  const unicode = inPickerOrder(everything.filter((e) => e.type === "unicode_emoji"));
  const out: Section[] = [{ title: "Frequently used", items: frequentEmoji(16) }];
  if (custom.length) out.push({ title: "Custom", items: custom });
  out.push({ title: "All emoji", items: unicode.slice(0, shown) });
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

/** `opened` counts the opens of a kept panel: each starts afresh (no text, at the top). */
export function PickerPanel({ onPick, opened = 0 }: { onPick: (emoji: EmojiEntry) => void; opened?: number }) {
  const query = useSignal("");
  const active = useSignal(0);
  const limit = useSignal(STEP);
  // (the frequently used row is read again on each open: it learns from the last pick)
  const openings = useSignal(opened);
  // The highlight moved by the keys is scrolled to; one moved by the pointer is where it is
  // already (scrolling then would move another emoji under the pointer, and so on).
  const byKeys = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ready = catalogReady.value;
  const shown = useComputed(() => (catalogReady.value ? sections(query.value, limit.value, openings.value) : []));
  const flat = shown.value.flatMap((s) => s.items);
  const current = flat[Math.min(active.value, flat.length - 1)];

  // A popover is hidden until it is placed, and a hidden field takes no focus: again next frame.
  useLayoutEffect(() => {
    if (openings.peek() !== opened) {
      openings.value = opened;
      query.value = "";
      active.value = 0;
      limit.value = STEP;
      if (grid.current) grid.current.scrollTop = 0;
    }
    const focus = () => input.current?.focus();
    focus();
    const frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [opened]);
  useEffect(() => {
    if (!byKeys.current) return;
    byKeys.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-index="${active.value}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active.value]);
  const more = () => {
    const el = grid.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 300) limit.value += STEP;
  };

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
      byKeys.current = true;
      active.value = neighbour(grid.current, active.value, event.key);
      if (active.value >= flat.length - 16) limit.value += STEP;
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
      <div class="emoji-grid" id="emoji-grid" role="listbox" aria-label="Emoji" ref={grid} onScroll={more}>
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
                      onMouseEnter={() => active.peek() !== i && (active.value = i)}
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

let kept: { root: HTMLElement; opens: number } | null = null;

/** Puts the kept panel's elements in the popover while it is open, and takes them out after. */
function KeptPanel({ root }: { root: HTMLElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    slot.current!.append(root);
    return () => root.remove();
  }, [root]);
  return <div class="emoji-picker-slot" ref={slot} />;
}

/**
 * The popover's content for one open: the panel drawn the first time, then the same one, its
 * elements and pictures kept out of the page between opens (only its text, highlight and
 * scroll start afresh, and the frequently used row is read again).
 */
export function keptPanel(onPick: (emoji: EmojiEntry) => void): () => ComponentChildren {
  kept ??= { root: document.createElement("div"), opens: 0 };
  const { root } = kept;
  render(h(PickerPanel, { onPick, opened: ++kept.opens }), root);
  return () => h(KeptPanel, { root });
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
