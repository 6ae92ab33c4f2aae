// GET (a redirect to the current image), POST and DELETE (administrators only) /realm/icon and
// /realm/logo, and Beacon's default organization icon.
import type { FastifyInstance } from "fastify";
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import type { Payload } from "../http/envelope.js";
import { json } from "../http/params.js";
import { bool } from "../http/validators.js";
import { checkAvatarImage } from "../actions/avatars.js";
import { doChangeRealmImage, resizeRealmImage } from "../actions/realm-images.js";
import { defaultRealmIcon } from "../lib/images.js";
import { DEFAULT_REALM_ICON_PATH, realmImageState, realmImageUrl } from "../lib/realm-images.js";
import { realmSettingValues } from "../store/settings.js";
import { requireAdmin } from "./guards.js";

/** Zulip's MAX_ICON_FILE_SIZE_MIB and MAX_LOGO_FILE_SIZE_MIB. */
const MAX_IMAGE_MIB = 5;

/** The one uploaded image. */
async function uploadedImage(ctx: UserContext, what: "icon" | "logo"): Promise<Buffer> {
  const files = ctx.req.uploadedFiles ?? [];
  if (files.length !== 1) throw new BadRequestError(`You must upload exactly one ${what}.`);
  const [file] = files;
  ctx.params.accept(file!.fieldName);
  if (file!.size > MAX_IMAGE_MIB * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${MAX_IMAGE_MIB} MiB`);
  const data = await file!.read();
  checkAvatarImage({ fileName: file!.fileName, data });
  return data;
}

// compat: Zulip requires `night` on every logo call, `false` for the day logo.
const night = required("night", json(bool));

export const uploadIcon = raising(["BAD_IMAGE"], guarded(
  requireAdmin,
  handler({}, async (ctx) => {
    const data = await uploadedImage(ctx, "icon");
    return { icon_url: await doChangeRealmImage(ctx.deps, ctx.realm.id, "icon", await resizeRealmImage("icon", data)) };
  }),
));

export const deleteIcon = guarded(
  requireAdmin,
  handler({}, async ({ deps, realm }) => ({ icon_url: await doChangeRealmImage(deps, realm.id, "icon", undefined) })),
);

export const uploadLogo = raising(["BAD_IMAGE"], guarded(
  requireAdmin,
  handler({ night }, async (ctx, args) => {
    const data = await uploadedImage(ctx, "logo");
    await doChangeRealmImage(ctx.deps, ctx.realm.id, args.night ? "night_logo" : "logo", await resizeRealmImage("logo", data));
    return {};
  }),
));

export const deleteLogo = guarded(
  requireAdmin,
  handler({ night }, async ({ deps, realm }, args) => {
    await doChangeRealmImage(deps, realm.id, args.night ? "night_logo" : "logo", undefined);
    return {};
  }),
);

/** Sends the caller to the current image, their query string kept (Zulip's get_icon_backend). */
function redirectTo(ctx: UserContext, url: string): Promise<Payload> {
  const query = ctx.req.url.split("?")[1] ?? "";
  const target = query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
  void ctx.reply.redirect(target, 302);
  return Promise.resolve({});
}

export const showIcon = handler({}, async (ctx) => redirectTo(ctx, realmImageUrl(ctx.realm.id, "icon", realmImageState(await realmSettingValues(ctx.deps.db, ctx.realm.id), "icon"))));

export const showLogo = handler({ night }, async (ctx, args) => {
  const image = args.night ? "night_logo" : "logo";
  return redirectTo(ctx, realmImageUrl(ctx.realm.id, image, realmImageState(await realmSettingValues(ctx.deps.db, ctx.realm.id), image)));
});

/** The default icon is drawn once per process, on first use. */
export function registerDefaultRealmIcon(app: FastifyInstance): void {
  let icon: Promise<Buffer> | undefined;
  app.get(DEFAULT_REALM_ICON_PATH, async (_req, reply) => {
    icon ??= defaultRealmIcon();
    return reply.type("image/png").header("Cache-Control", "public, max-age=86400").send(await icon);
  });
}
