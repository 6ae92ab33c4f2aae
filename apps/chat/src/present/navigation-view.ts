import type { NavigationView } from "../store/navigation-views.js";

export const presentNavigationView = (v: NavigationView) => ({ fragment: v.fragment, is_pinned: Boolean(v.is_pinned), name: v.name });
