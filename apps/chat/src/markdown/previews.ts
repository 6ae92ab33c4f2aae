// Link bookkeeping and inline image previews (Zulip's InlineInterestingLinkProcessor).
// Runs after prettifying, so the preview <div>s it inserts carry no trailing newline.
import { Element } from "./element.js";
import { pyQuotePlus, urlsplit } from "./urls.js";

const IMAGE_EXTENSIONS = [".bmp", ".gif", ".jpe", ".jpeg", ".jpg", ".png", ".webp"];
const PREVIEW_LIMIT = 24;
const PREVIEW_CLASSES = new Set(["message_inline_image", "message_inline_ref", "inline-preview-twitter"]);

interface FoundLink {
  a: Element;
  parent: Element;
  grandparent: Element | null;
  inBlockquote: boolean;
}

export interface LinkReport {
  hasLink: boolean;
  hasImage: boolean;
  attachmentPathIds: string[];
}

/** Breadth-first, like Zulip's walk_tree_with_family, so previews come out in its order. */
function findLinks(root: Element): FoundLink[] {
  const found: FoundLink[] = [];
  const queue: { el: Element; parent: Element | null; quoted: boolean }[] = [{ el: root, parent: null, quoted: false }];
  while (queue.length > 0) {
    const { el, parent, quoted } = queue.shift() as (typeof queue)[number];
    const inQuote = quoted || el.tag === "blockquote";
    for (const child of el.children) {
      queue.push({ el: child, parent: el, quoted: inQuote });
      if (child.tag === "a" && child.get("href") !== undefined) {
        found.push({ a: child, parent: el, grandparent: parent, inBlockquote: inQuote });
      }
    }
  }
  return found;
}

function isImage(url: string): boolean {
  const parts = urlsplit(url);
  if (parts.netloc === "pasteboard.co") return false;
  const path = parts.path.toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** github.com/…/blob/… image links preview the raw file. */
function actualImageUrl(url: string): string {
  const parts = urlsplit(url);
  if (parts.netloc === "github.com" || parts.netloc.endsWith(".github.com")) {
    const split = parts.path.split("/");
    if (split.length > 3 && split[3] === "blob") {
      return "https://raw.githubusercontent.com" + [...split.slice(0, 3), ...split.slice(4)].join("/");
    }
  }
  return url;
}

function thumbnailable(url: string): boolean {
  const parts = urlsplit(url);
  if (parts.netloc) return true;
  return parts.path.replace(/^\/?/, "/").startsWith("/user_uploads/");
}

function addPreview(parent: Element, imageUrl: string, link: string, title: string | null, index: number | null): void {
  const div = new Element("div", { class: "message_inline_image" });
  if (index === null) parent.append(div);
  else parent.insert(index, div);
  const a = div.sub("a", { href: link });
  if (title !== null) a.set("title", title);
  const img = a.sub("img");
  if (thumbnailable(imageUrl)) {
    // compat: the thumbnail-proxy form these fixtures expect.
    const src = imageUrl.replace(/^\/+/, "");
    img.set("src", `/thumbnail?url=${pyQuotePlus(src)}&size=thumbnail`);
    img.set("data-src-fullsize", `/thumbnail?url=${pyQuotePlus(src)}&size=full`);
  } else {
    img.set("src", imageUrl);
  }
}

function insertionIndex(grandparent: Element, parent: Element, parentIndex: number): number {
  const parentLinks = new Set<string>();
  const collect = (el: Element): void => {
    for (const c of el.children) {
      if (c.tag === "a") parentLinks.add(c.get("href") ?? "");
      collect(c);
    }
  };
  collect(parent);
  let i = parentIndex;
  for (;;) {
    i++;
    if (i >= grandparent.children.length) return i;
    const uncle = grandparent.children[i];
    const classes = (uncle.get("class") ?? "").split(/\s+/);
    if (uncle.tag !== "div" || !classes.some((c) => PREVIEW_CLASSES.has(c))) return i;
    const link = uncle.children.find((c) => c.tag === "a");
    if (!link || !parentLinks.has(link.get("href") ?? "")) return i;
  }
}

function inlineImage(root: Element, found: FoundLink, url: string): void {
  const text = found.a.text;
  const urlEqText = !text || text === url;
  const title = urlEqText ? null : text;
  let target = root;
  let index: number | null = null;
  let remove: { from: Element; el: Element } | null = null;
  if (found.parent.tag === "li") {
    target = found.parent;
    if (!found.parent.text && !found.a.tail && urlEqText) remove = { from: found.parent, el: found.a };
  } else if (found.parent.tag === "p" && found.grandparent) {
    target = found.grandparent;
    const p = found.parent;
    if (p.children.length === 1 && (!p.text || p.text === "\n") && !found.a.tail && urlEqText) remove = { from: target, el: p };
    const parentIndex = target.children.indexOf(p);
    if (parentIndex >= 0) index = insertionIndex(target, p, parentIndex);
  }
  addPreview(target, actualImageUrl(url), url, title, index);
  if (remove) remove.from.remove(remove.el);
}

export function processLinks(root: Element, realmUrl: string, previews: boolean): LinkReport {
  const found = findLinks(root);
  const report: LinkReport = { hasLink: found.length > 0, hasImage: false, attachmentPathIds: [] };
  const realmHost = urlsplit(realmUrl).netloc;
  for (const url of new Set(found.map((f) => f.a.get("href") as string))) {
    const parts = urlsplit(url.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : "/" + url);
    if (parts.netloc !== "" && parts.netloc !== realmHost) continue;
    if (!parts.path.startsWith("/user_uploads/")) continue;
    report.attachmentPathIds.push(parts.path.slice("/user_uploads/".length));
  }
  if (!previews || found.length === 0) return report;
  const previewable = new Set(found.filter((f) => !f.inBlockquote).map((f) => f.a.get("href") as string));
  if (previewable.size > PREVIEW_LIMIT) return report;
  const done = new Set<string>();
  for (const f of found) {
    const url = f.a.get("href") as string;
    if (!previewable.has(url) || done.has(url)) continue;
    done.add(url);
    if (isImage(url)) {
      inlineImage(root, f, url);
      report.hasImage = true;
    }
  }
  return report;
}
