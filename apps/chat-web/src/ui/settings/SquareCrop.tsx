// Picks a square out of an image before it is uploaded (an avatar, an organization icon): the
// picture is drawn on a canvas under a square frame; dragging moves it, the slider zooms; the
// square is then drawn at `size` pixels and handed over as a PNG. All in the browser: the
// server receives the cropped picture only.
import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";

const VIEW = 240;

export function SquareCrop({ file, size = 512, onDone, onCancel }: { file: File; size?: number; onDone: (png: Blob) => void; onCancel: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useSignal<HTMLImageElement | null>(null);
  const zoom = useSignal(1);
  const offset = useSignal({ x: 0, y: 0 });
  const failed = useSignal(false);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => (image.value = img);
    img.onerror = () => (failed.value = true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** The source square (in image pixels) that the frame shows. */
  const source = () => {
    const img = image.value!;
    const side = Math.min(img.naturalWidth, img.naturalHeight) / zoom.value;
    const x = Math.max(0, Math.min(img.naturalWidth - side, (img.naturalWidth - side) / 2 + offset.value.x));
    const y = Math.max(0, Math.min(img.naturalHeight - side, (img.naturalHeight - side) / 2 + offset.value.y));
    return { x, y, side };
  };

  useEffect(() => {
    const img = image.value;
    const ctx = canvas.current?.getContext("2d");
    if (!img || !ctx) return;
    const { x, y, side } = source();
    ctx.clearRect(0, 0, VIEW, VIEW);
    ctx.drawImage(img, x, y, side, side, 0, 0, VIEW, VIEW);
  }, [image.value, zoom.value, offset.value]);

  const drag = (event: PointerEvent) => {
    const img = image.value;
    if (!img) return;
    const start = { x: event.clientX, y: event.clientY, from: offset.value };
    const scale = source().side / VIEW;
    const move = (e: PointerEvent) => (offset.value = { x: start.from.x - (e.clientX - start.x) * scale, y: start.from.y - (e.clientY - start.y) * scale });
    const up = () => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", up);
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
  };

  const finish = () => {
    const { x, y, side } = source();
    const out = document.createElement("canvas");
    out.width = out.height = Math.min(size, Math.round(side));
    out.getContext("2d")!.drawImage(image.value!, x, y, side, side, 0, 0, out.width, out.height);
    out.toBlob((blob) => blob && onDone(blob), "image/png");
  };

  if (failed.value) return <p role="alert">This file is not an image the browser can read.</p>;
  return (
    <div class="square-crop" data-testid="square-crop">
      <canvas ref={canvas} width={VIEW} height={VIEW} onPointerDown={drag} aria-label="Drag to choose the square" />
      <label class="settings-field">
        <span class="settings-label">Zoom</span>
        <input type="range" min="1" max="4" step="0.05" value={zoom.value} onInput={(e) => (zoom.value = Number((e.currentTarget as HTMLInputElement).value))} />
      </label>
      <div class="settings-actions">
        <button type="button" class="button primary" disabled={!image.value} onClick={finish} data-testid="crop-done">
          Use this square
        </button>
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
