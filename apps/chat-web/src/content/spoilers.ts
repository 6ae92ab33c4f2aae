// Spoiler blocks: a real button in the header opens and closes the content (so keyboards and
// screen readers get it for free); a click anywhere on the header does the same.
import type { ContentLabels } from "./context";
import { icon } from "./icons";

let nextId = 0;

function parts(block: Element): { header: HTMLElement; content: HTMLElement } | null {
  const header = block.querySelector<HTMLElement>(":scope > .spoiler-header");
  const content = block.querySelector<HTMLElement>(":scope > .spoiler-content");
  return header && content ? { header, content } : null;
}

export function enhanceSpoilers(root: ParentNode, labels: ContentLabels): void {
  for (const block of root.querySelectorAll<HTMLElement>(".spoiler-block")) {
    const found = parts(block);
    if (!found || found.header.querySelector(":scope > .spoiler-toggle")) continue;
    const { header, content } = found;
    // compat: the server leaves a header without text empty; Zulip's clients name it.
    if (!header.textContent?.trim() && !header.querySelector("img")) {
      const p = document.createElement("p");
      p.className = "spoiler-header-default";
      p.textContent = labels.spoiler;
      header.append(p);
    }
    content.id ||= `spoiler-content-${++nextId}`;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "spoiler-toggle";
    button.setAttribute("aria-controls", content.id);
    button.append(icon("chevron", "spoiler-arrow"));
    header.append(button);
    setOpen(block, block.classList.contains("spoiler-open"), labels);
  }
}

export function setOpen(block: HTMLElement, open: boolean, labels: ContentLabels): void {
  const found = parts(block);
  if (!found) return;
  block.classList.toggle("spoiler-open", open);
  found.content.setAttribute("aria-hidden", String(!open));
  const button = found.header.querySelector(":scope > .spoiler-toggle");
  button?.setAttribute("aria-expanded", String(open));
  button?.setAttribute("aria-label", open ? labels.hideSpoiler : labels.showSpoiler);
}

/** Handles a click inside rendered content; true when it toggled a spoiler. */
export function spoilerClick(target: Element, labels: ContentLabels): boolean {
  const header = target.closest(".spoiler-header");
  // Links in a header still work as links.
  if (!header || target.closest("a")) return false;
  const block = header.parentElement;
  if (!block?.classList.contains("spoiler-block")) return false;
  setOpen(block, !block.classList.contains("spoiler-open"), labels);
  return true;
}
