// POST and DELETE /realm/icon and /realm/logo (administrators only), and Beacon's default
// organization icon.
import type { FastifyInstance } from "fastify";
import { guarded, handler, type UserContext } from "../http/endpoint.js";
import { withDefault } from "../http/declare.js";
import { BadRequestError, mustBeAdmin } from "../http/errors.js";
import { json } from "../http/params.js";
import { bool } from "../http/validators.js";
import { checkAvatarImage } from "../actions/avatars.js";
import { doChangeRealmImage, resizeRealmImage } from "../actions/realm-images.js";
import { defaultRealmIcon } from "../lib/images.js";
import { DEFAULT_REALM_ICON_PATH } from "../lib/realm-images.js";
import { isAdmin } from "../lib/roles.js";
import { requireAdmin } from "./guards.js";

/** Zulip's MAX_ICON_FILE_SIZE_MIB and MAX_LOGO_FILE_SIZE_MIB. */
const MAX_IMAGE_MIB = 5;

/** The one uploaded image, for administrators (checked before anything else, as Zulip's view). */
async function uploadedImage(ctx: UserContext, what: "icon" | "logo"): Promise<Buffer> {
  if (!isAdmin(ctx.user)) throw mustBeAdmin();
  const files = ctx.req.uploadedFiles ?? [];
  if (files.length !== 1) throw new BadRequestError(`You must upload exactly one ${what}.`);
  const [file] = files;
  ctx.params.accept(file!.fieldName);
  if (file!.size > MAX_IMAGE_MIB * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${MAX_IMAGE_MIB} MiB`);
  const data = await file!.read();
  checkAvatarImage({ fileName: file!.fileName, data });
  return data;
}

const night = withDefault("night", json(bool), false);

export const uploadIcon = handler({}, async (ctx) => {
  const data = await uploadedImage(ctx, "icon");
  return { icon_url: await doChangeRealmImage(ctx.deps, ctx.realm.id, "icon", await resizeRealmImage("icon", data)) };
});

export const deleteIcon = guarded(
  requireAdmin,
  handler({}, async ({ deps, realm }) => ({ icon_url: await doChangeRealmImage(deps, realm.id, "icon", undefined) })),
);

// `night` is read before the caller's role is checked (in uploadedImage).
export const uploadLogo = handler({ night }, async (ctx, args) => {
  const data = await uploadedImage(ctx, "logo");
  await doChangeRealmImage(ctx.deps, ctx.realm.id, args.night ? "night_logo" : "logo", await resizeRealmImage("logo", data));
  return {};
});

export const deleteLogo = guarded(
  requireAdmin,
  handler({ night }, async ({ deps, realm }, args) => {
    await doChangeRealmImage(deps, realm.id, args.night ? "night_logo" : "logo", undefined);
    return {};
  }),
);

/** The default icon is drawn once per process, on first use. */
export function registerDefaultRealmIcon(app: FastifyInstance): void {
  let icon: Promise<Buffer> | undefined;
  app.get(DEFAULT_REALM_ICON_PATH, async (_req, reply) => {
    icon ??= defaultRealmIcon();
    return reply.type("image/png").header("Cache-Control", "public, max-age=86400").send(await icon);
  });
}
