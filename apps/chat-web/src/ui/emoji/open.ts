// Opening the emoji picker. Its code (ui/emoji/Picker.tsx) and Zulip's emoji name table are
// loaded the first time they are wanted, never with the first view: `prefetchPicker` starts both
// as soon as the reader points at a message (the picker is then ready when clicked), and
// `openEmojiPicker` waits for whatever is still on its way. A popover by the button on a wide
// screen; a sheet across the bottom of a phone.
import { loadEmojiCatalog, type EmojiEntry } from "../../state/emoji-catalog";
import { closeModal, closePopover, openModal, openPopover, registerModal } from "../overlays";

type PickerModule = typeof import("./Picker");
let module: Promise<PickerModule> | null = null;

const loadPicker = () => (module ??= import("./Picker").catch((error: unknown) => ((module = null), Promise.reject(error))));

registerModal("emoji-picker", async () => ({ default: (await loadPicker()).PickerSheet }));

export function prefetchPicker(): void {
  void loadPicker().catch(() => {});
  void loadEmojiCatalog().catch(() => {});
}

export const isPhone = () => matchMedia("(max-width: 640px)").matches;

/** Opens the picker; `onPick` receives the emoji chosen (the picker closes itself first). */
export async function openEmojiPicker(anchor: HTMLElement, label: string, onPick: (emoji: EmojiEntry) => void): Promise<void> {
  void loadEmojiCatalog().catch(() => {}); // the picker says "Loading…" until it is in
  const { keptPanel } = await loadPicker();
  const pick = (emoji: EmojiEntry) => {
    closePopover();
    closeModal();
    onPick(emoji);
  };
  if (isPhone()) await openModal("emoji-picker", { label, onPick: pick });
  else openPopover(anchor, label, keptPanel(pick));
}
