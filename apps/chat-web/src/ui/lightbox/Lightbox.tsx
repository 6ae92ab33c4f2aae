// The image viewer: a picture from a message at full size over the app. Esc, the close button or
// a click beside the picture closes it; ← and → (or the buttons) go to the previous and next
// picture of the messages on screen; a link opens the original file.
import { useEffect, useState } from "preact/hooks";
import type { ContentImage } from "../../content";
import { Icon } from "../Icon";
import { onEscape } from "../keys";
import { closeModal } from "../overlays";
import "./lightbox.css";

/** The pictures of the message list, top to bottom, as the content code left them. */
function picturesOnScreen(): ContentImage[] {
  const found: ContentImage[] = [];
  for (const img of document.querySelectorAll<HTMLImageElement>("[data-testid=message-list] :is(.message_inline_image, .message_inline_ref) > a > img")) {
    const link = img.parentElement as HTMLAnchorElement;
    if (link.closest(".image-unavailable")) continue;
    found.push({ src: img.dataset.srcFullsize ?? img.src, href: link.href, title: link.title || null });
  }
  return found;
}

const nameOf = (image: ContentImage) => image.title || decodeURIComponent(new URL(image.href, location.origin).pathname.split("/").pop() ?? "") || "Image";

export default function Lightbox({ image }: { image: ContentImage }) {
  const [all] = useState(() => {
    const list = picturesOnScreen();
    return list.some((i) => i.src === image.src) ? list : [image];
  });
  const [at, setAt] = useState(() => Math.max(0, all.findIndex((i) => i.src === image.src)));
  const current = all[at]!;
  const move = (by: number) => setAt((i) => Math.min(all.length - 1, Math.max(0, i + by)));

  useEffect(() => onEscape(closeModal), []);
  useEffect(() => {
    // ← and → belong to the viewer while it is open (capture: before the app's own keys).
    const keys = (event: KeyboardEvent) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      event.stopPropagation();
      move(event.key === "ArrowLeft" ? -1 : 1);
    };
    window.addEventListener("keydown", keys, true);
    return () => window.removeEventListener("keydown", keys, true);
  }, []);

  return (
    <div class="lightbox" role="dialog" aria-modal="true" aria-label={`Image: ${nameOf(current)}`} data-testid="lightbox" onClick={(e) => e.target === e.currentTarget && closeModal()}>
      <header class="lightbox-bar">
        <span class="lightbox-name">{nameOf(current)}</span>
        {all.length > 1 && (
          <span class="lightbox-count">
            {at + 1} / {all.length}
          </span>
        )}
        <a class="lightbox-open" href={current.href} target="_blank" rel="noopener noreferrer" data-testid="lightbox-original">
          <Icon name="external" />
          Open original
        </a>
        <button type="button" class="lightbox-button" aria-label="Close" data-testid="lightbox-close" onClick={closeModal}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <img class="lightbox-image" src={current.src} alt={nameOf(current)} onClick={closeModal} />
      {at > 0 && (
        <button type="button" class="lightbox-button lightbox-prev" aria-label="Previous image" onClick={() => move(-1)}>
          <Icon name="chevronLeft" size={28} />
        </button>
      )}
      {at < all.length - 1 && (
        <button type="button" class="lightbox-button lightbox-next" aria-label="Next image" onClick={() => move(1)}>
          <Icon name="chevronRight" size={28} />
        </button>
      )}
    </div>
  );
}
