// Picks a square out of an image before it is uploaded (an avatar, an organization icon): the
// picture is drawn on a canvas under a square frame. Dragging moves the picture, as do the
// arrow keys (Shift for bigger steps) once the frame has the focus; the slider, + and − zoom.
// The square never leaves the picture. It is then drawn at up to `size` pixels and handed over
// as a PNG: the server receives the cropped picture only.
import { useSignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";

const VIEW = 240;
const ZOOM_MAX = 4;
const ZOOM_STEP = 0.25;

/** Where the square is: its centre in image pixels, and the zoom (1 = the picture's short side). */
interface Crop {
  cx: number;
  cy: number;
  zoom: number;
}

/** The source square (image pixels) of a crop, kept inside the picture. */
function squareOf(img: HTMLImageElement, crop: Crop) {
  const side = Math.min(img.naturalWidth, img.naturalHeight) / crop.zoom;
  const clamp = (centre: number, length: number) => Math.max(0, Math.min(length - side, centre - side / 2));
  return { x: clamp(crop.cx, img.naturalWidth), y: clamp(crop.cy, img.naturalHeight), side };
}

/** The same crop with its centre moved back inside, so a drag past an edge stops there. */
function clamped(img: HTMLImageElement, crop: Crop): Crop {
  const zoom = Math.max(1, Math.min(ZOOM_MAX, crop.zoom));
  const { x, y, side } = squareOf(img, { ...crop, zoom });
  return { cx: x + side / 2, cy: y + side / 2, zoom };
}

export function SquareCrop({ file, size = 512, onDone, onCancel }: { file: File; size?: number; onDone: (png: Blob) => void; onCancel: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useSignal<HTMLImageElement | null>(null);
  const crop = useSignal<Crop>({ cx: 0, cy: 0, zoom: 1 });
  const failed = useSignal(false);

  useEffect(() => {
    // Another file: nothing to move or zoom until its picture is in (keys meanwhile do nothing).
    image.value = null;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      crop.value = { cx: img.naturalWidth / 2, cy: img.naturalHeight / 2, zoom: 1 };
      image.value = img;
    };
    img.onerror = () => (failed.value = true);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const img = image.value;
    const ctx = canvas.current?.getContext("2d");
    if (!img || !ctx) return;
    const { x, y, side } = squareOf(img, crop.value);
    ctx.clearRect(0, 0, VIEW, VIEW);
    ctx.drawImage(img, x, y, side, side, 0, 0, VIEW, VIEW);
  }, [image.value, crop.value]);

  const place = (next: Partial<Crop>) => {
    if (image.value) crop.value = clamped(image.value, { ...crop.value, ...next });
  };

  /** Moves the picture by (dx, dy) pixels of the frame as shown: the square goes the other way. */
  const movePicture = (dx: number, dy: number, shownWidth: number) => {
    const scale = squareOf(image.value!, crop.value).side / shownWidth;
    place({ cx: crop.value.cx - dx * scale, cy: crop.value.cy - dy * scale });
  };

  const drag = (event: PointerEvent) => {
    const target = event.currentTarget as HTMLCanvasElement;
    if (!image.value) return;
    target.setPointerCapture(event.pointerId);
    let last = { x: event.clientX, y: event.clientY };
    const width = target.getBoundingClientRect().width;
    const move = (e: PointerEvent) => {
      movePicture(e.clientX - last.x, e.clientY - last.y, width);
      last = { x: e.clientX, y: e.clientY };
    };
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
      target.removeEventListener("pointercancel", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
    target.addEventListener("pointercancel", up);
  };

  const keys = (event: KeyboardEvent) => {
    if (!image.value) return;
    const step = event.shiftKey ? 40 : 8;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const zooms: Record<string, number> = { "+": ZOOM_STEP, "=": ZOOM_STEP, "-": -ZOOM_STEP, "_": -ZOOM_STEP };
    if (moves[event.key]) movePicture(...moves[event.key]!, VIEW);
    else if (zooms[event.key]) place({ zoom: crop.value.zoom + zooms[event.key]! });
    else return;
    event.preventDefault();
  };

  const finish = () => {
    const { x, y, side } = squareOf(image.value!, crop.value);
    const out = document.createElement("canvas");
    out.width = out.height = Math.min(size, Math.round(side));
    out.getContext("2d")!.drawImage(image.value!, x, y, side, side, 0, 0, out.width, out.height);
    out.toBlob((blob) => blob && onDone(blob), "image/png");
  };

  if (failed.value) return <p role="alert">This file is not an image the browser can read.</p>;
  return (
    <div class="square-crop" data-testid="square-crop">
      <canvas
        ref={canvas}
        width={VIEW}
        height={VIEW}
        tabIndex={0}
        onPointerDown={drag}
        onKeyDown={keys}
        aria-busy={image.value ? undefined : "true"}
        aria-label="The square to keep: drag the picture or use the arrow keys to move it, + and − to zoom"
        data-testid="crop-frame"
      />
      <label class="settings-field">
        <span class="settings-label">Zoom</span>
        <input type="range" min="1" max={ZOOM_MAX} step="0.05" value={crop.value.zoom} data-testid="crop-zoom" onInput={(e) => place({ zoom: Number((e.currentTarget as HTMLInputElement).value) })} />
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
