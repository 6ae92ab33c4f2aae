// Links: in-app narrows ("#narrow/…") stay in the app; everything else opens in a new tab
// without handing this page to the other site. Channel links show the channel's current name;
// a message link's 💬 becomes an icon (the browser may have no emoji font).
import type { ContentContext, ContentLabels } from "./context";
import { icon } from "./icons";

/** The "#narrow/…" hash an in-app link leads to, or null for any other link. */
export function narrowHash(href: string, origin: string = location.origin): string | null {
  if (href.startsWith("#narrow/")) return href;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  return url.origin === origin && url.pathname === "/" && url.hash.startsWith("#narrow/") ? url.hash : null;
}

// Topic and message links name their channel by id in the narrow: "/#narrow/channel/7-name/…".
const CHANNEL_ID_RE = /#narrow\/(?:channel|stream)\/(\d+)-/;
const WEB_SCHEME = /^(?:https?:|\/|\.|[^:]*$)/i;

export function enhanceLinks(root: ParentNode, ctx: ContentContext, labels: ContentLabels): void {
  for (const a of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = a.getAttribute("href") ?? "";
    if (narrowHash(href) !== null) {
      a.removeAttribute("target");
    } else if (WEB_SCHEME.test(href)) {
      a.target = "_blank";
      a.rel = "noopener noreferrer";
    }
  }
  for (const a of root.querySelectorAll<HTMLAnchorElement>("a.stream[data-stream-id]")) {
    const name = ctx.channelName?.(Number(a.dataset.streamId));
    if (name !== undefined) a.textContent = `#${name}`;
  }
  for (const a of root.querySelectorAll<HTMLAnchorElement>("a.stream-topic, a.message-link")) {
    const id = CHANNEL_ID_RE.exec(a.getAttribute("href") ?? "")?.[1];
    const name = id === undefined ? undefined : ctx.channelName?.(Number(id));
    const first = a.firstChild;
    const cut = first?.nodeType === Node.TEXT_NODE ? (first.textContent ?? "").indexOf(" > ") : -1;
    if (name !== undefined && first && cut > 0) first.textContent = `#${name}${first.textContent?.slice(cut)}`;
  }
  for (const a of root.querySelectorAll<HTMLAnchorElement>("a.message-link")) {
    const last = a.lastChild;
    if (last?.nodeType !== Node.TEXT_NODE || !last.textContent?.endsWith("💬")) continue;
    last.textContent = last.textContent.slice(0, -"💬".length);
    const glyph = icon("message", "message-link-icon");
    glyph.removeAttribute("aria-hidden");
    glyph.setAttribute("role", "img");
    glyph.setAttribute("aria-label", labels.message);
    a.append(glyph);
  }
}

/** Handles a click inside rendered content; true when the app took over an in-app link. */
export function narrowClick(target: Element, event: MouseEvent, ctx: ContentContext): boolean {
  if (!ctx.onNarrowLink || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const a = target.closest("a[href]");
  const hash = a ? narrowHash(a.getAttribute("href") ?? "") : null;
  if (hash === null) return false;
  event.preventDefault();
  ctx.onNarrowLink(hash, event);
  return true;
}
