// POST and DELETE /realm/icon and /realm/logo (administrators only), and Beacon's default
// organization icon.
import type { FastifyInstance } from "fastify";
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin } from "../http/errors.js";
import { json } from "../http/params.js";
import { bool } from "../http/validators.js";
import { checkAvatarImage } from "../actions/avatars.js";
import { doChangeRealmImage, resizeRealmImage } from "../actions/realm-images.js";
import { defaultRealmIcon } from "../lib/images.js";
import { DEFAULT_REALM_ICON_PATH } from "../lib/realm-images.js";
import { isAdmin } from "../lib/roles.js";

/** Zulip's MAX_ICON_FILE_SIZE_MIB and MAX_LOGO_FILE_SIZE_MIB. */
const MAX_IMAGE_MIB = 5;

export function register(api: Api): void {
  const { deps } = api;

  const upload = async (ctx: UserContext, what: "icon" | "logo") => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    const files = ctx.req.uploadedFiles ?? [];
    if (files.length !== 1) throw new BadRequestError(`You must upload exactly one ${what}.`);
    const [file] = files;
    ctx.params.accept(file!.fieldName);
    if (file!.size > MAX_IMAGE_MIB * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${MAX_IMAGE_MIB} MiB`);
    const data = await file!.read();
    checkAvatarImage({ fileName: file!.fileName, data });
    return data;
  };

  api.user("POST", "/realm/icon", async (ctx) => {
    const data = await upload(ctx, "icon");
    return { icon_url: await doChangeRealmImage(deps, ctx.realm.id, "icon", await resizeRealmImage("icon", data)) };
  });

  api.user("DELETE", "/realm/icon", async (ctx) => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    return { icon_url: await doChangeRealmImage(deps, ctx.realm.id, "icon", undefined) };
  });

  api.user("POST", "/realm/logo", async (ctx) => {
    const night = ctx.params.withDefault("night", json(bool), false);
    const data = await upload(ctx, "logo");
    await doChangeRealmImage(deps, ctx.realm.id, night ? "night_logo" : "logo", await resizeRealmImage("logo", data));
    return {};
  });

  api.user("DELETE", "/realm/logo", async (ctx) => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    const night = ctx.params.withDefault("night", json(bool), false);
    await doChangeRealmImage(deps, ctx.realm.id, night ? "night_logo" : "logo", undefined);
    return {};
  });
}

/** The default icon is drawn once per process, on first use. */
export function registerDefaultRealmIcon(app: FastifyInstance): void {
  let icon: Promise<Buffer> | undefined;
  app.get(DEFAULT_REALM_ICON_PATH, async (_req, reply) => {
    icon ??= defaultRealmIcon();
    return reply.type("image/png").header("Cache-Control", "public, max-age=86400").send(await icon);
  });
}
