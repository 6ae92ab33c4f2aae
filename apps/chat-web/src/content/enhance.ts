// The behaviour of the chat server's rendered message HTML in the browser. The server's HTML is
// the only HTML: everything here works on DOM nodes (text goes in as text), so nothing a user
// typed is ever turned into markup on the client.
import type { ContentContext } from "./context";
import { labelsOf } from "./context";
import { enhanceCode, copyClick } from "./code";
import { enhanceEmoji } from "./emoji";
import { enhanceImages, imageClick } from "./images";
import { enhanceLinks, narrowClick } from "./links";
import { enhanceMentions } from "./mentions";
import { enhanceSpoilers, spoilerClick } from "./spoilers";
import { enhanceTimes } from "./times";

export const CONTENT_CLASS = "rendered-markdown";

// The latest context of each root, read by its one delegated click listener.
const contexts = new WeakMap<HTMLElement, ContentContext>();

function onClick(root: HTMLElement, event: MouseEvent): void {
  const ctx = contexts.get(root);
  const target = event.target;
  if (!ctx || !(target instanceof Element) || event.defaultPrevented) return;
  const labels = labelsOf(ctx);
  if (copyClick(target, labels) || imageClick(target, event, ctx) || narrowClick(target, event, ctx)) return;
  spoilerClick(target, labels);
}

/**
 * Makes a message's rendered HTML, already inside `root`, behave: spoilers open and close,
 * times read in the viewer's zone, mentions of the viewer stand out, links open in a new tab
 * (narrows stay in the app), emoji become pictures, code blocks get a copy button and image
 * previews load lazily. Call it again on the same root after a settings or name change: every
 * step is idempotent and takes the new context.
 */
export function enhanceContent(root: HTMLElement, ctx: ContentContext): void {
  root.classList.add(CONTENT_CLASS);
  if (!root.hasAttribute("dir")) root.dir = "auto";
  const labels = labelsOf(ctx);
  enhanceImages(root, ctx, labels);
  enhanceLinks(root, ctx, labels);
  enhanceMentions(root, ctx);
  enhanceTimes(root, ctx, labels);
  enhanceEmoji(root, ctx);
  enhanceSpoilers(root, labels);
  enhanceCode(root, labels);
  if (!contexts.has(root)) root.addEventListener("click", (event) => onClick(root, event));
  contexts.set(root, ctx);
}

/**
 * Puts the server's rendered HTML for a message into `root` and enhances it. The HTML is parsed
 * in an inert <template> first, so image previews are made lazy and pointed at the right file
 * before the browser fetches anything.
 */
export function setContent(root: HTMLElement, html: string, ctx: ContentContext): void {
  const template = document.createElement("template");
  template.innerHTML = html;
  enhanceImages(template.content, ctx, labelsOf(ctx));
  root.replaceChildren(template.content);
  enhanceContent(root, ctx);
}
