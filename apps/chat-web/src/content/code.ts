// Code blocks: the language the sender named and a copy button, in the block's top corner.
import type { ContentLabels } from "./context";
import { icon } from "./icons";

const FEEDBACK_MS = 1600;

export function enhanceCode(root: ParentNode, labels: ContentLabels): void {
  for (const block of root.querySelectorAll<HTMLElement>("div.codehilite")) {
    if (block.querySelector(":scope > .code-toolbar")) continue;
    const toolbar = document.createElement("div");
    toolbar.className = "code-toolbar";
    const language = block.dataset.codeLanguage;
    if (language) {
      const label = document.createElement("span");
      label.className = "code-language";
      label.textContent = language;
      toolbar.append(label);
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.title = labels.copyCode;
    button.setAttribute("aria-label", labels.copyCode);
    button.append(icon("copy", "code-copy-icon"));
    toolbar.append(button);
    block.append(toolbar);
  }
}

/** The code as the sender wrote it (without the newline the renderer ends every block with). */
export function codeText(block: Element): string {
  return (block.querySelector("pre > code")?.textContent ?? "").replace(/\n$/, "");
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No async clipboard (plain http on a LAN address is not a secure context): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}

/** Handles a click inside rendered content; true when it was a copy button. */
export function copyClick(target: Element, labels: ContentLabels): boolean {
  const button = target.closest<HTMLButtonElement>("button.code-copy");
  const block = button?.closest("div.codehilite");
  if (!button || !block) return false;
  void writeClipboard(codeText(block)).then((done) => {
    const label = done ? labels.copied : labels.copyFailed;
    button.classList.toggle("code-copied", done);
    button.replaceChildren(icon(done ? "check" : "copy", "code-copy-icon"));
    button.title = label;
    button.setAttribute("aria-label", label);
    window.setTimeout(() => {
      button.classList.remove("code-copied");
      button.replaceChildren(icon("copy", "code-copy-icon"));
      button.title = labels.copyCode;
      button.setAttribute("aria-label", labels.copyCode);
    }, FEEDBACK_MS);
  });
  return true;
}
