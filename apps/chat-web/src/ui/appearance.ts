// The personal display settings applied to the page as they change (from /register, then
// user_settings events): the colour scheme as <html data-theme> (Zulip's color_scheme: 1
// automatic, 2 dark, 3 light) and the density as <html data-density> (Zulip's compact
// layout is a 14 px font; anything larger is the normal one).
import { effect } from "@preact/signals";
import { userSettings } from "../state/settings";

export function applyAppearance(): () => void {
  return effect(() => {
    const { color_scheme: scheme, web_font_size_px: size } = userSettings.value;
    const root = document.documentElement;
    if (scheme === 2) root.dataset.theme = "dark";
    else if (scheme === 3) root.dataset.theme = "light";
    else if (scheme === 1) delete root.dataset.theme;
    if (typeof size === "number") root.dataset.density = size <= 14 ? "compact" : "normal";
  });
}
