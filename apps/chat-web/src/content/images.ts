// Image previews (<div class="message_inline_image"><a href><img src="/thumbnail?url=…">).
// The renderer points previews at Zulip's thumbnail endpoint; this server keeps uploads at
// /user_uploads/, so a preview of an upload loads the file itself. Pictures on other sites are
// blocked by the app's Content-Security-Policy (img-src 'self'): unless the context allows
// them, they become a link card naming the file and the site, as does any picture that fails.
import type { ContentContext, ContentImage, ContentLabels } from "./context";
import { icon } from "./icons";

const PREVIEWS = ".message_inline_image, .message_inline_ref";
const ABSOLUTE_RE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

interface Resolved {
  url: string;
  external: boolean;
}

/** Where a preview's picture really is. */
export function resolveImage(src: string, origin: string = location.origin): Resolved {
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return { url: src, external: false };
  }
  if (url.origin === origin && url.pathname === "/thumbnail") {
    const target = url.searchParams.get("url");
    if (target) {
      if (ABSOLUTE_RE.test(target)) return resolveImage(target, origin);
      return { url: `/${target.replace(/^\/+/, "")}`, external: false };
    }
  }
  return url.origin === origin ? { url: url.pathname + url.search, external: false } : { url: url.href, external: true };
}

function fileName(url: string): string {
  try {
    const path = new URL(url, location.origin).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
  } catch {
    return url;
  }
}

function showCard(box: Element, link: HTMLAnchorElement, picture: string, note: string): void {
  box.classList.add("image-unavailable");
  const text = document.createElement("span");
  text.className = "image-card-text";
  const name = document.createElement("span");
  name.className = "image-card-name";
  name.textContent = link.title || fileName(picture) || picture;
  const host = document.createElement("span");
  host.className = "image-card-host";
  host.textContent = note;
  text.append(name, host);
  link.replaceChildren(icon("image", "image-card-icon"), text);
}

export function enhanceImages(root: ParentNode, ctx: ContentContext, labels: ContentLabels): void {
  for (const img of root.querySelectorAll<HTMLImageElement>(`:is(${PREVIEWS}) > a > img`)) {
    const box = img.closest(PREVIEWS) as Element;
    const link = img.parentElement as HTMLAnchorElement;
    if (box.classList.contains("image-ready")) continue;
    box.classList.add("image-ready");
    const picture = resolveImage(img.getAttribute("src") ?? "");
    if (picture.external && !ctx.loadExternalImages) {
      let host = picture.url;
      try {
        host = new URL(picture.url).host;
      } catch {
        // keep the URL as it is
      }
      showCard(box, link, picture.url, labels.imageElsewhere.replace("{host}", host));
      continue;
    }
    const full = resolveImage(img.dataset.srcFullsize ?? picture.url);
    img.dataset.srcFullsize = full.url;
    img.loading = "lazy";
    img.decoding = "async";
    if (picture.external) img.referrerPolicy = "no-referrer";
    img.alt = link.title || fileName(picture.url) || labels.image;
    img.addEventListener("error", () => showCard(box, link, picture.url, labels.imageFailed), { once: true });
    if (img.getAttribute("src") !== picture.url) img.src = picture.url;
  }
}

/** Handles a click inside rendered content; true when the app's image viewer took it. */
export function imageClick(target: Element, event: MouseEvent, ctx: ContentContext): boolean {
  if (!ctx.onImageOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const img = target.closest("img");
  const link = img?.parentElement;
  if (!img || !(link instanceof HTMLAnchorElement) || !link.parentElement?.matches(PREVIEWS)) return false;
  event.preventDefault();
  const image: ContentImage = { src: img.dataset.srcFullsize ?? img.src, href: link.href, title: link.title || null };
  ctx.onImageOpen(image, event);
  return true;
}
