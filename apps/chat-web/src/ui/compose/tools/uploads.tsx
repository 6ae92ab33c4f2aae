// Uploads from the compose box (its button, files dropped on it, a pasted picture): each file
// goes to POST /json/user_uploads on its own XMLHttpRequest (fetch cannot report upload
// progress), with a progress bar. Meanwhile `[Uploading name…]` holds its place in the message,
// as in Zulip, and is replaced by the link Zulip's web app inserts, `[name](/user_uploads/…)`
// (the server renders a picture's link as a preview). A failure takes the placeholder out and
// says why under the box.
import { signal } from "@preact/signals";
import { csrfToken } from "../../../api/client";
import { draft, setDraft } from "../../../state/compose";
import { uploadsInFlight } from "../tools-host";
import { insertAt, linkText, placeholderFor } from "./insert";
import "./tools.css";

interface Upload {
  id: number;
  name: string;
  loaded: number;
  total: number;
  error?: string;
  xhr?: XMLHttpRequest;
}

const uploads = signal<readonly Upload[]>([]);
let serial = 0;

/** Keeps the box's count of files under way (it holds Send meanwhile) in step with the list. */
uploads.subscribe((list) => (uploadsInFlight.value = list.filter((u) => !u.error).length));

const change = (id: number, fields: Partial<Upload>) => (uploads.value = uploads.peek().map((u) => (u.id === id ? { ...u, ...fields } : u)));
const drop = (id: number) => (uploads.value = uploads.peek().filter((u) => u.id !== id));

function replacePlaceholder(placeholder: string, text: string): void {
  const content = draft.peek().content;
  if (!content.includes(placeholder)) {
    // The words were sent or cleared meanwhile: the link is not lost, it goes at the end.
    if (text) setDraft({ content: `${content}${content && !/\s$/.test(content) ? " " : ""}${text} ` });
    return;
  }
  const next = text ? content.replace(placeholder, text) : content.includes(`${placeholder} `) ? content.replace(`${placeholder} `, "") : content.replace(placeholder, "");
  setDraft({ content: next });
}

function uploadOne(file: File, field: HTMLTextAreaElement | null): void {
  const id = ++serial;
  const placeholder = placeholderFor(file.name);
  const content = draft.peek().content;
  const caret = field && document.activeElement === field ? (field.selectionStart ?? content.length) : content.length;
  const placed = insertAt(content, caret, placeholder);
  setDraft({ content: placed.content });
  if (field) {
    field.value = placed.content;
    field.setSelectionRange(placed.caret, placed.caret);
  }
  const xhr = new XMLHttpRequest();
  uploads.value = [...uploads.peek(), { id, name: file.name, loaded: 0, total: file.size, xhr }];
  xhr.upload.addEventListener("progress", (e) => change(id, { loaded: e.loaded, total: e.lengthComputable ? e.total : file.size }));
  const fail = (message: string) => {
    replacePlaceholder(placeholder, "");
    change(id, { error: message, xhr: undefined });
    setTimeout(() => drop(id), 8000);
  };
  xhr.addEventListener("load", () => {
    let body: { result?: string; msg?: string; url?: string; uri?: string; filename?: string } = {};
    try {
      body = JSON.parse(xhr.responseText);
    } catch {
      // an HTML error page from a proxy: described by the status
    }
    const url = body.url ?? body.uri;
    if (xhr.status === 200 && body.result === "success" && url) {
      replacePlaceholder(placeholder, `[${linkText(body.filename ?? file.name)}](${url})`);
      drop(id);
    } else {
      fail(body.msg ?? `The server answered ${xhr.status}.`);
    }
  });
  xhr.addEventListener("error", () => fail("The server cannot be reached."));
  xhr.addEventListener("abort", () => {
    replacePlaceholder(placeholder, "");
    drop(id);
  });
  const form = new FormData();
  form.append("file", file, file.name);
  xhr.open("POST", "/json/user_uploads");
  xhr.setRequestHeader("X-CSRFToken", csrfToken());
  xhr.send(form);
}

export function uploadFiles(files: readonly File[], field: HTMLTextAreaElement | null): void {
  for (const file of files) uploadOne(file, field);
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One row per file under way: its name, a progress bar, Cancel; or why it failed. */
export function UploadList() {
  const list = uploads.value;
  if (!list.length) return null;
  return (
    <ul class="uploads" data-testid="uploads" aria-label="Uploads">
      {list.map((u) => (
        <li key={u.id} data-testid="upload" class={u.error ? "failed" : ""}>
          <span class="upload-name">{u.name}</span>
          {u.error ? (
            <span class="upload-error" role="alert">
              {u.error}
            </span>
          ) : (
            <>
              <progress max={u.total || 1} value={u.loaded} aria-label={`Uploading ${u.name}`} />
              <span class="upload-size">
                {size(u.loaded)} / {size(u.total)}
              </span>
              <button type="button" class="upload-cancel" aria-label={`Cancel uploading ${u.name}`} onClick={() => u.xhr?.abort()}>
                ×
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
