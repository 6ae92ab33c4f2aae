// Where a realm's icon and logos are shown from: uploaded ones under /user_avatars/<realm>/realm/
// (with a version, so a new upload is a new URL), Beacon's default icon otherwise. Their state
// lives in realm_settings as icon_source ("G" default, "U" uploaded) and icon_version, and the
// same for logo and night_logo ("D" default, "U" uploaded).

export const DEFAULT_REALM_ICON_PATH = "/static/images/default-realm-icon.png";
export const REALM_IMAGE_NAMES = ["icon", "logo", "night_logo"] as const;
export type RealmImage = (typeof REALM_IMAGE_NAMES)[number];

export interface RealmImageState {
  source: string;
  version: number;
}

export function realmImageState(settings: Record<string, unknown>, image: RealmImage): RealmImageState {
  const source = settings[`${image}_source`];
  const version = settings[`${image}_version`];
  return { source: typeof source === "string" ? source : image === "icon" ? "G" : "D", version: typeof version === "number" ? version : 0 };
}

/** The stored file of an uploaded realm image, under the avatars directory. */
export const realmImageFile = (realmId: number, image: RealmImage) => `${realmId}/realm/${image}.png`;

export function realmImageUrl(realmId: number, image: RealmImage, state: RealmImageState): string {
  if (state.source === "U") return `/user_avatars/${realmImageFile(realmId, image)}?version=${state.version}`;
  // compat: as Zulip, a default logo is a fixed image at version 0 (Zulip's is its own wordmark;
  // Beacon's is its default icon), and the default icon keeps the version count.
  return `${DEFAULT_REALM_ICON_PATH}?version=${image === "icon" ? state.version : 0}`;
}

/** The realm_* keys /register shows for the realm's images. */
export function presentRealmImages(realmId: number, settings: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const image of REALM_IMAGE_NAMES) {
    const state = realmImageState(settings, image);
    out[`realm_${image}_url`] = realmImageUrl(realmId, image, state);
    out[`realm_${image}_source`] = state.source;
  }
  return out;
}
