// Up and down (and j, k) move the focus through a home view's rows while it is on screen;
// Enter opens the focused row (each row is a link). Registered above the message list's keys.
import { shortcut } from "../keys";

export function rowKeys(container: () => HTMLElement | null, selector: string): () => void {
  const move = (by: number) => {
    const rows = [...(container()?.querySelectorAll<HTMLElement>(selector) ?? [])];
    if (!rows.length) return false;
    const at = rows.indexOf(document.activeElement as HTMLElement);
    const next = rows[at < 0 ? (by > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, at + by))]!;
    next.focus();
    next.scrollIntoView({ block: "nearest" });
    return true;
  };
  const off = [
    shortcut({ key: "ArrowDown", run: () => move(1) }),
    shortcut({ key: "j", run: () => move(1) }),
    shortcut({ key: "ArrowUp", run: () => move(-1) }),
    shortcut({ key: "k", run: () => move(-1) }),
  ];
  return () => off.forEach((remove) => remove());
}
