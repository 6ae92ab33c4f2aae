// Opens the image viewer (ui/lightbox/Lightbox.tsx, loaded the first time a picture is clicked).
import type { ContentImage } from "../../content";
import { openModal, registerModal } from "../overlays";

registerModal("lightbox", () => import("./Lightbox"));

export function openLightbox(image: ContentImage): void {
  void openModal("lightbox", { image });
}
