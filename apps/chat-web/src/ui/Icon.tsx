// The app's own icons, drawn as strokes on a 24-unit grid in currentColor: no emoji font or
// icon font is needed for them to show (a machine without an emoji font draws 🔒 as a box).
// Add a shape here rather than drawing one inline.
import type { JSX } from "preact";

const SHAPES = {
  lock: "M7 11V8a5 5 0 0 1 10 0v3 M5.5 11h13v9h-13z",
  globe: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18",
  hash: "M9 4 7 20 M17 4l-2 16 M4 9h16 M3.5 15h16",
  person: "M12 12a4 4 0 1 0 0-8a4 4 0 1 0 0 8z M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6",
  people: "M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7z M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5 M16 4.3a3.5 3.5 0 0 1 0 6.4 M17.5 14.8c2 .6 3.4 2.4 4 5.2",
  pencil: "M4 20h4L19 9l-4-4L4 16z M13.5 6.5l4 4",
  plus: "M12 5v14 M5 12h14",
  search: "M10.5 17a6.5 6.5 0 1 0 0-13a6.5 6.5 0 1 0 0 13z M15.5 15.5 20 20",
  smile: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M8.5 14.5c1.9 2 5.1 2 7 0 M9 9.5h.01 M15 9.5h.01",
  more: "M5 12h.01 M12 12h.01 M19 12h.01",
  gear: "M12 15a3 3 0 1 0 0-6a3 3 0 1 0 0 6z M12 2.5v3 M12 18.5v3 M2.5 12h3 M18.5 12h3 M5.3 5.3l2.1 2.1 M16.6 16.6l2.1 2.1 M5.3 18.7l2.1-2.1 M16.6 7.4l2.1-2.1",
  close: "M6 6l12 12 M18 6 6 18",
  check: "M5 12.5l4.5 4.5L19 7.5",
  inbox: "M3 13l3-8h12l3 8v6H3z M3 13h5l1.5 3h5L16 13h5",
  clock: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5l3.2 2",
  bell: "M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z M10 20.5a2 2 0 0 0 4 0",
  paperclip: "M20 11.5l-8.3 8.3a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.4 8.4a1.7 1.7 0 0 1-2.4-2.4L15 7.2",
  star: "M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z",
  reply: "M10 8V4L3 11l7 7v-4c5 0 8 1.5 11 5-1-6-4-11-11-11z",
  link: "M10 14a4 4 0 0 0 5.7 0l3.1-3.1a4 4 0 0 0-5.7-5.7L11.5 6.8 M14 10a4 4 0 0 0-5.7 0l-3.1 3.1a4 4 0 0 0 5.7 5.7l1.6-1.6",
  trash: "M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13",
  menu: "M4 6h16 M4 12h16 M4 18h16",
  send: "M4 12l16-8-6 16-2.5-6.5z M11.5 13.5 20 4",
  chevron: "M6 9l6 6 6-6",
  envelope: "M3.5 6h17v12h-17z M4 6.5l8 6.5 8-6.5",
  move: "M4 12h15 M14 7l5 5-5 5 M4 5v14",
  checks: "M2.5 12.5l4 4L15 8 M10.5 16l.5.5L21.5 8",
  quote: "M5 7h5v5H7c0 2.5-1 4-3 5 M14 7h5v5h-3c0 2.5-1 4-3 5",
  keyboard: "M3 6h18v12H3z M7 10h.01 M11 10h.01 M15 10h.01 M7 14h10",
  eye: "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z M12 15a3 3 0 1 0 0-6a3 3 0 1 0 0 6z",
  external: "M14 4h6v6 M20 4l-9 9 M18 14v6H4V6h6",
  chevronLeft: "M15 6l-6 6 6 6",
  chevronRight: "M9 6l6 6-6 6",
} as const;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, size = 16, label, class: className }: { name: IconName; size?: number; label?: string; class?: string }): JSX.Element {
  return (
    <svg
      class={`icon ${className ?? ""}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      <path d={SHAPES[name]} />
    </svg>
  );
}
