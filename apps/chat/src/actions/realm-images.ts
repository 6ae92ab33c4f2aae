// Uploading and removing the organization's icon, logo and night logo (Zulip's upload_icon,
// upload_logo and their deletions): the image is resized as Zulip resizes it (a 100 px square
// icon, a logo within 800×100), stored under the realm, and every user is told the new URL.
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { ChatDeps } from "../deps.js";
import { ImageError, logoPng, squarePng } from "../lib/images.js";
import { realmImageFile, realmImageState, realmImageUrl, type RealmImage } from "../lib/realm-images.js";
import { realmSettingValues, setRealmSettingValue } from "../store/settings.js";
import { activeUserIds, publish } from "./publish.js";
import { badImage } from "./avatars.js";
import { avatarsFile } from "./realm-emoji.js";

/** Resizes an upload for `image`; a file that is no image is Zulip's BAD_IMAGE error. */
export async function resizeRealmImage(image: RealmImage, data: Buffer): Promise<Buffer> {
  try {
    return image === "icon" ? await squarePng(data, 100) : await logoPng(data);
  } catch (error) {
    if (error instanceof ImageError) throw badImage("Could not decode image; did you upload an image file?");
    throw error;
  }
}

/** Sets the image (resized PNG bytes) or, with `png` undefined, goes back to the default. Returns the new URL. */
export async function doChangeRealmImage(deps: ChatDeps, realmId: number, image: RealmImage, png: Buffer | undefined): Promise<string> {
  const current = realmImageState(await realmSettingValues(deps.db, realmId), image);
  const next = { source: png ? "U" : image === "icon" ? "G" : "D", version: current.version + 1 };
  if (png) {
    const file = avatarsFile(deps, realmImageFile(realmId, image));
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(4).toString("hex")}.part`;
    await writeFile(partial, png);
    await rename(partial, file);
  }
  const { stamp } = await deps.events.transaction(async (trx) => {
    await setRealmSettingValue(trx, realmId, `${image}_source`, next.source);
    await setRealmSettingValue(trx, realmId, `${image}_version`, next.version);
  });
  const url = realmImageUrl(realmId, image, next);
  const data = { [`${image}_url`]: url, [`${image}_source`]: next.source };
  publish(deps, [{ event: { type: "realm", op: "update_dict", property: image, data }, users: await activeUserIds(deps.db, realmId), stamp, realmId }]);
  return url;
}
