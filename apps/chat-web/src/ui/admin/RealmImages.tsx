// The organization's pictures in its profile pane, as Zulip offers them: the icon (a square,
// cropped in the browser first), the logo and the dark theme's logo (uploaded as they are; the
// server fits them within 800×100). Each shows the current picture from the realm's events, so
// the pane and the header change together, and can go back to the default.
import { useSignal } from "@preact/signals";
import { api } from "../../api/client";
import { realmSettings } from "../../state/settings";
import { attempt, Section, StatusLine, type Status } from "../settings/kit";
import { SquareCrop } from "../settings/SquareCrop";
import { uploadFile } from "../settings/upload";

type RealmImage = "icon" | "logo" | "night_logo";

const IMAGES: { image: RealmImage; title: string; hint: string }[] = [
  { image: "icon", title: "Icon", hint: "A square picture, beside the organization's name in the header." },
  { image: "logo", title: "Logo", hint: "A wide picture shown in the header instead of the name, in the light theme." },
  { image: "night_logo", title: "Logo for the dark theme", hint: "Shown instead of the logo in the dark theme." },
];

/** Zulip's endpoint for each picture: the logos share one, told apart by `night` (required). */
const endpoint = (image: RealmImage) => (image === "icon" ? { path: "/realm/icon", params: {} } : { path: "/realm/logo", params: { night: image === "night_logo" } });

export function RealmImages() {
  return (
    <>
      {IMAGES.map((entry) => (
        <ImageSetting key={entry.image} {...entry} />
      ))}
    </>
  );
}

function ImageSetting({ image, title, hint }: { image: RealmImage; title: string; hint: string }) {
  const file = useSignal<File | null>(null);
  const status = useSignal<Status>(null);
  const r = realmSettings.value;
  const url = r[`${image}_url`];
  const uploaded = r[`${image}_source`] === "U";
  const { path, params } = endpoint(image);
  const upload = (blob: Blob, name: string) => void attempt(status, () => uploadFile(image === "icon" ? path : `${path}?night=${params.night}`, "file", blob, name), `${title} changed`);
  return (
    <Section title={title}>
      <p class="settings-muted">{hint}</p>
      <div class="settings-row">
        <span class={`org-image-frame ${image === "night_logo" ? "night" : ""}`}>
          {typeof url === "string" && <img class={`org-image ${image === "icon" ? "square" : ""}`} src={url} alt={`The organization's ${title.toLowerCase()}${uploaded ? "" : " (the default)"}`} data-testid={`org-image-${image}`} />}
        </span>
        <label class="button">
          Upload…
          <input
            type="file"
            accept="image/*"
            class="visually-hidden"
            data-testid={`org-upload-${image}`}
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              const chosen = input.files?.[0];
              input.value = "";
              if (!chosen) return;
              if (image === "icon") file.value = chosen;
              else upload(chosen, chosen.name);
            }}
          />
        </label>
        {uploaded && (
          <button type="button" class="button" data-testid={`org-default-${image}`} onClick={() => void attempt(status, () => api.delete(path, params), `${title} removed`)}>
            Use the default
          </button>
        )}
        <StatusLine status={status.value} testId={`org-status-${image}`} />
      </div>
      {file.value && (
        <SquareCrop
          file={file.value}
          onCancel={() => (file.value = null)}
          onDone={(png) => {
            file.value = null;
            upload(png, "icon.png");
          }}
        />
      )}
    </Section>
  );
}
