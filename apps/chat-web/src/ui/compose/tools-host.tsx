// The compose box's tools in the first view's code: the buttons, and what loads their code
// when first used (ui/compose/tools/: uploads with their progress, the Markdown preview).
import { signal } from "@preact/signals";
import type { ComponentType } from "preact";
import { useRef } from "preact/hooks";
import { Icon } from "../Icon";

type Uploads = typeof import("./tools/uploads");
let uploads: Promise<Uploads> | null = null;
const UploadList = signal<ComponentType | null>(null);
const Preview = signal<ComponentType | null>(null);
/** Files being uploaded: Send waits for their links. */
export const uploadsInFlight = signal(0);
/** Whether the preview shows in place of the message field. */
export const previewing = signal(false);

function loadUploads(): Promise<Uploads> {
  uploads ??= import("./tools/uploads").then((m) => {
    UploadList.value = m.UploadList;
    return m;
  });
  return uploads;
}

function contentField(from: Element | null): HTMLTextAreaElement | null {
  return from?.closest("form")?.querySelector("textarea[name=content]") ?? null;
}

function upload(files: readonly File[], from: Element | null): void {
  if (files.length) void loadUploads().then((m) => m.uploadFiles(files, contentField(from)));
}

/** Files dropped on the box. */
export function uploadDropped(event: DragEvent): void {
  const files = [...(event.dataTransfer?.files ?? [])];
  if (!files.length) return;
  event.preventDefault();
  upload(files, event.currentTarget as Element);
}

/** A paste that carries files (a screenshot): uploaded; text pastes as usual. */
export function uploadPasted(event: ClipboardEvent): void {
  const files = [...(event.clipboardData?.files ?? [])];
  if (!files.length) return;
  event.preventDefault();
  upload(files, event.currentTarget as Element);
}

function togglePreview(): void {
  previewing.value = !previewing.value;
  if (previewing.value && !Preview.value) void import("./tools/Preview").then((m) => (Preview.value = m.Preview));
}

export function ComposeTools() {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div class="compose-tools">
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="compose-file-input"
        onChange={(e) => {
          const input = e.currentTarget;
          upload([...(input.files ?? [])], input);
          input.value = "";
        }}
      />
      <button type="button" class="compose-tool" data-testid="compose-upload" aria-label="Upload files" title="Upload files" onClick={() => picker.current?.click()}>
        <Icon name="paperclip" />
      </button>
      <button type="button" class="compose-tool" data-testid="compose-preview" aria-pressed={previewing.value} aria-label="Preview" title={previewing.value ? "Write" : "Preview"} onClick={togglePreview}>
        <Icon name={previewing.value ? "pencil" : "eye"} />
      </button>
    </div>
  );
}

/** The files under way, loaded with the upload code. */
export function UploadsPane() {
  const List = UploadList.value;
  return List ? <List /> : null;
}

export function PreviewPane() {
  const Component = Preview.value;
  return previewing.value && Component ? <Component /> : null;
}
