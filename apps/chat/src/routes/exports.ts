// POST and GET /export/realm, DELETE /export/realm/{export_id}, GET /export/realm/consents
// (organization administrators), and the tarballs at /user_avatars/exports/..., which only the
// realm's administrators may download.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { ChatDeps } from "../deps.js";
import { guarded, handler } from "../http/endpoint.js";
import { withDefault } from "../http/declare.js";
import { authenticateApiOrSession } from "../http/session.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { raw } from "../http/params.js";
import { isAdmin } from "../lib/roles.js";
import { checkDeletableExport, checkRequestRealmExport, doDeleteRealmExport, exportConsentList, EXPORT_TYPES, realmExportsSerialized, type ExportType } from "../actions/exports.js";
import { avatarsFile } from "../actions/realm-emoji.js";
import { realmExportById, realmExportByPath } from "../store/exports.js";
import { resumeRealmExports, scheduleRealmExport, drainRealmExports } from "../workers/exports.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

/** compat: before feature level 449 the type was an integer (1 public, 2 full with consent). */
const LEGACY_TYPES: Record<string, ExportType> = { "1": "public", "2": "full_with_consent" };

export const requestExport = guarded(
  requireAdmin,
  handler({ given: withDefault("export_type", raw(), "public") }, async ({ deps, user, realm }, { given }) => {
    const type = LEGACY_TYPES[given] ?? (EXPORT_TYPES as readonly string[]).find((t) => t === given);
    if (!type) throw new BadRequestError("Invalid export_type");
    const id = await checkRequestRealmExport(deps, realm, user, type as ExportType, (exportId) => scheduleRealmExport(deps, exportId));
    return { id };
  }),
);

export const listExports = guarded(
  requireAdmin,
  handler({}, async ({ deps, realm }) => ({ exports: await realmExportsSerialized(deps, realm) })),
);

export const deleteExport = guarded(
  requireAdmin,
  handler({}, async ({ deps, path, realm }) => {
    const id = pathId(path.export_id);
    const row = id === undefined ? undefined : await realmExportById(deps.db, id);
    if (!row || row.realm_id !== realm.id) throw new BadRequestError("Invalid data export ID");
    checkDeletableExport(row);
    await doDeleteRealmExport(deps, realm, row);
    return {};
  }),
);

export const exportConsents = guarded(
  requireAdmin,
  handler({}, async ({ deps, realm }) => ({ export_consents: await exportConsentList(deps, realm) })),
);

/** The tarballs; also resumes exports a stopped process left unfinished, and drains jobs on close. */
export function registerExportFiles(app: FastifyInstance, deps: ChatDeps): void {
  const notFound = () => new ZulipError("File not found.", { status: 404 });
  app.get("/user_avatars/exports/*", async (req, reply) => {
    const rest = (req.params as Record<string, string>)["*"] ?? "";
    const path = `exports/${rest}`;
    // Only paths an export recorded (never dot segments or other directories).
    const row = /^exports\/[0-9]+\/[A-Za-z0-9_-]{24}\/[A-Za-z0-9._-]+\.tar\.gz$/.test(path) ? await realmExportByPath(deps.db, path) : undefined;
    if (!row || row.date_deleted !== null) throw notFound();
    const { user } = await authenticateApiOrSession(req, reply, deps, null);
    if (user.realm_id !== row.realm_id || !isAdmin(user)) throw new ZulipError("You are not authorized to view this file.", { status: 403 });
    const file = avatarsFile(deps, path);
    const info = await stat(file).catch(() => undefined);
    if (!info) throw notFound();
    return reply
      .type("application/gzip")
      .header("Content-Length", String(info.size))
      .header("Content-Disposition", `attachment; filename="${path.slice(path.lastIndexOf("/") + 1)}"`)
      .header("Cache-Control", "private, no-store")
      .send(createReadStream(file));
  });
  app.addHook("onReady", async () => resumeRealmExports(deps));
  app.addHook("onClose", async () => drainRealmExports(deps));
}
