// What opens above the message view: one modal at a time (settings, the channel browser, a
// profile, the emoji picker on a phone) and one popover at a time (a message's menu, the emoji
// picker, a user card), each closed by Esc, by a click outside or by opening another.
//
// A modal is named, not imported: `registerModal("settings", () => import("./settings/Settings"))`
// keeps its code out of the first view's bundle until it is first opened, and
// `openModal("settings", props)` from anywhere shows it.
import { signal } from "@preact/signals";
import type { ComponentChildren, ComponentType } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { onEscape } from "./keys";
import "./overlays.css";

type Loader = () => Promise<{ default: ComponentType<any> }>;

const loaders = new Map<string, Loader>();
const loaded = new Map<string, ComponentType<any>>();

/** Names a modal and how to load its component (`export default`), loaded on first use. */
export function registerModal(name: string, load: Loader): void {
  loaders.set(name, load);
}

export const modal = signal<{ name: string; props: Record<string, unknown> } | null>(null);

/** Loads a modal's code ahead of its first opening, which then shows it at once. */
export async function preloadModal(name: string): Promise<void> {
  if (loaded.has(name)) return;
  const load = loaders.get(name);
  if (!load) throw new Error(`no modal named ${name}`);
  loaded.set(name, (await load()).default);
}

export async function openModal(name: string, props: Record<string, unknown> = {}): Promise<void> {
  popover.value = null;
  if (!loaded.has(name)) await preloadModal(name);
  modal.value = { name, props };
}

export function closeModal(): void {
  modal.value = null;
}

/** Where a popover hangs: the element it belongs to (a button, a name). */
export interface PopoverState {
  anchor: HTMLElement;
  render: () => ComponentChildren;
  /** A label for assistive technology. */
  label: string;
}

export const popover = signal<(PopoverState & { serial: number }) | null>(null);
let serial = 0;

export function openPopover(anchor: HTMLElement, label: string, render: () => ComponentChildren): void {
  popover.value = { anchor, label, render, serial: ++serial };
}

export function closePopover(): void {
  popover.value = null;
}

/** A dialog over the app, full screen on a phone. Its children decide the body. */
export function Modal({ title, onClose = closeModal, wide, children, testId }: { title: string; onClose?: () => void; wide?: boolean; children: ComponentChildren; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  // Before the first paint: an Esc pressed as soon as the dialog shows closes it.
  useLayoutEffect(() => onEscape(onClose), [onClose]);
  useEffect(() => {
    // Focus moves into the dialog, and back where it was when it closes.
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>("[autofocus], input, select, textarea, button:not(.modal-close)");
    (first ?? box.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div class="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div class={`modal ${wide ? "wide" : ""}`} role="dialog" aria-modal="true" aria-label={title} ref={box} tabIndex={-1} data-testid={testId}>
        <header class="modal-header">
          <h2>{title}</h2>
          <button type="button" class="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div class="modal-body">{children}</div>
      </div>
    </div>
  );
}

function PopoverBox({ state }: { state: PopoverState }) {
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  useEffect(() => onEscape(closePopover), []);
  // Below the anchor, or above it when there is no room; kept inside the window.
  useLayoutEffect(() => {
    const a = state.anchor.getBoundingClientRect();
    const b = box.current!.getBoundingClientRect();
    const below = a.bottom + 4;
    const top = below + b.height > innerHeight - 8 && a.top - b.height - 4 > 8 ? a.top - b.height - 4 : Math.max(8, Math.min(below, innerHeight - b.height - 8));
    const left = Math.max(8, Math.min(a.right - b.width, innerWidth - b.width - 8));
    setPlace({ top, left });
  }, [state]);
  useEffect(() => {
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!box.current?.contains(target) && !state.anchor.contains(target)) closePopover();
    };
    document.addEventListener("mousedown", outside, true);
    return () => document.removeEventListener("mousedown", outside, true);
  }, [state]);
  return (
    <div class="popover" role="dialog" aria-label={state.label} ref={box} style={place ? { top: `${place.top}px`, left: `${place.left}px` } : { visibility: "hidden" }}>
      {state.render()}
    </div>
  );
}

/** Mounted once by the app: draws whichever modal and popover are open. */
export function OverlayHost() {
  const m = modal.value;
  const p = popover.value;
  const Component = m ? loaded.get(m.name) : undefined;
  return (
    <>
      {Component && <Component {...m!.props} />}
      {p && <PopoverBox key={p.serial} state={p} />}
    </>
  );
}
