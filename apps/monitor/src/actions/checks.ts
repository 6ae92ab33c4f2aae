// Creating and changing checks: `checkX` validates against the database, `doX` writes.
import { randomUUID } from "node:crypto";
import { lockForTransaction } from "@beacon/platform";
import type { Updateable } from "kysely";
import type { Db, MonitorDeps } from "../deps.js";
import type { CheckSpec, UniqueField } from "../http/check-spec.js";
import { uniqueKeyOf } from "../lib/keys.js";
import { scheduleKind } from "../lib/schedule/index.js";
import { slugify } from "../lib/slugify.js";
import { alertAfter } from "../lib/status.js";
import { listChannels, setCheckChannels } from "../store/channels.js";
import { projectDependencyEdges, setDependencies } from "../store/dependencies.js";
import { deleteCheckRow, findCheckByUuid, findCheckMatching, insertCheck, updateCheckRow, type UpsertKey } from "../store/checks.js";
import { countChecksOfOwner, findOwner } from "../store/projects.js";
import type { Check, ChecksTable, NewCheck, Project } from "../store/schema.js";
import { selectChannels } from "./channel-selection.js";
import { replaceCheckWindows } from "./maintenance.js";

export type ApiVersion = 1 | 2 | 3;

export type CheckOutcome =
  | { kind: "created" | "updated"; check: Check }
  | { kind: "limit" }
  | { kind: "channel_error"; error: string }
  | { kind: "gone" };

/** The stored fields a spec changes, in the upstream's order of application. */
export function changesFromSpec(spec: CheckSpec, current: Pick<Check, "name" | "success_kw" | "failure_kw">, version: ApiVersion): Updateable<ChecksTable> {
  const changes: Updateable<ChecksTable> = {};
  if (spec.name !== undefined) {
    // compat: v1/v2 rename the slug, but only when the name really changes.
    if (version < 3 && spec.name !== current.name) changes.slug = slugify(spec.name);
    changes.name = spec.name;
  }
  if (spec.tags !== undefined) changes.tags = spec.tags;
  if (spec.desc !== undefined) changes.description = spec.desc;
  if (spec.manual_resume !== undefined) changes.manual_resume = Number(spec.manual_resume);
  if (spec.methods !== undefined) changes.methods = spec.methods;

  // compat: the deprecated subject fields set keywords and switch the subject filter,
  // then explicit keyword and filter fields in the same body win.
  let successKw = current.success_kw;
  let failureKw = current.failure_kw;
  if (spec.subject !== undefined) {
    successKw = changes.success_kw = spec.subject;
    changes.filter_subject = Number(Boolean(successKw || failureKw));
  }
  if (spec.subject_fail !== undefined) {
    failureKw = changes.failure_kw = spec.subject_fail;
    changes.filter_subject = Number(Boolean(successKw || failureKw));
  }
  if (spec.success_kw !== undefined) changes.success_kw = spec.success_kw;
  if (spec.failure_kw !== undefined) changes.failure_kw = spec.failure_kw;
  if (spec.start_kw !== undefined) changes.start_kw = spec.start_kw;
  if (spec.filter_subject !== undefined) changes.filter_subject = Number(spec.filter_subject);
  if (spec.filter_body !== undefined) changes.filter_body = Number(spec.filter_body);
  if (spec.filter_http_body !== undefined) changes.filter_http_body = Number(spec.filter_http_body);
  if (spec.filter_default_fail !== undefined) changes.filter_default_fail = Number(spec.filter_default_fail);
  if (spec.slug !== undefined) changes.slug = spec.slug;

  // A schedule wins over a timeout sent alongside it; the timeout is then not saved.
  if (spec.schedule) {
    changes.kind = scheduleKind(spec.schedule);
    changes.schedule = spec.schedule;
  } else if (spec.timeout !== undefined) {
    changes.kind = "simple";
    changes.timeout = spec.timeout;
  }
  if (spec.tz !== undefined) changes.tz = spec.tz;
  if (spec.grace !== undefined) changes.grace = spec.grace;
  if (spec.fail_threshold !== undefined) changes.fail_threshold = spec.fail_threshold;
  if (spec.min_duration !== undefined) changes.min_duration = spec.min_duration;
  if (spec.max_duration !== undefined) changes.max_duration = spec.max_duration;
  if (spec.body_regex !== undefined) changes.body_regex = spec.body_regex;
  return changes;
}

export function newCheckRow(project: Project, now: number): NewCheck {
  const uuid = randomUUID();
  return {
    uuid,
    unique_key: uniqueKeyOf(uuid),
    project_id: project.id,
    badge_key: randomUUID(),
    name: "",
    slug: "",
    tags: "",
    description: "",
    kind: "simple",
    timeout: 86400,
    grace: 3600,
    schedule: "* * * * *",
    tz: "UTC",
    methods: "",
    manual_resume: 0,
    start_kw: "",
    success_kw: "",
    failure_kw: "",
    filter_subject: 0,
    filter_body: 0,
    filter_http_body: 0,
    filter_default_fail: 0,
    status: "new",
    n_pings: 0,
    last_ping: null,
    last_start: null,
    last_start_rid: null,
    last_duration: null,
    alert_after: null,
    created: now,
  };
}

function upsertKey(spec: CheckSpec): UpsertKey | null {
  const fields: UniqueField[] = spec.unique ?? [];
  if (fields.length === 0) return null;
  const key: Record<string, string | number> = {};
  for (const field of fields) {
    const value = spec[field];
    if (value === undefined) return null;
    key[field] = value;
  }
  return key as UpsertKey;
}

/**
 * A check's dependencies (docs/monitor-extensions.md): comma-separated UUIDs of other checks of
 * its project, "" for none; refused when one is unknown, the check itself, or would close a
 * cycle (where every check of the cycle would hold back the others' alerts).
 */
async function applyDependencies(db: Db, check: Check, value: string | undefined): Promise<string | null> {
  if (value === undefined) return null;
  const uuids = [...new Set(value.split(",").map((s) => s.trim()).filter((s) => s !== ""))];
  const ids: number[] = [];
  for (const uuid of uuids) {
    const found = await findCheckByUuid(db, uuid);
    if (!found || found.project_id !== check.project_id) return `invalid check identifier in depends_on: ${uuid}`;
    if (found.id === check.id) return "a check cannot depend on itself";
    ids.push(found.id);
  }
  const edges = (await projectDependencyEdges(db, check.project_id)).filter((e) => e.check_id !== check.id);
  const next = new Map<number, number[]>();
  for (const e of edges) next.set(e.check_id, [...(next.get(e.check_id) ?? []), e.depends_on_id]);
  // A cycle exists if the check is reachable from one of its new dependencies.
  const seen = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === check.id) return "depends_on would make a cycle of dependencies";
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  await setDependencies(db, check.id, ids);
  return null;
}

async function applyChannels(db: Db, projectId: number, checkId: number, value: string | undefined): Promise<string | null> {
  if (value === undefined) return null;
  const selection = selectChannels(value, await listChannels(db, projectId));
  if ("error" in selection) return selection.error;
  await setCheckChannels(db, checkId, selection.ok);
  return null;
}

class Rollback extends Error {
  constructor(readonly outcome: CheckOutcome) {
    super("rollback");
  }
}

/** Runs a write in a transaction; a Rollback thrown inside undoes it and is returned. */
async function inTransaction(db: Db, work: (trx: Db) => Promise<CheckOutcome>): Promise<CheckOutcome> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}

async function saveChanges(trx: Db, check: Check, changes: Updateable<ChecksTable>): Promise<Check | undefined> {
  const merged = { ...check, ...changes } as Check;
  return updateCheckRow(trx, check.id, { ...changes, alert_after: alertAfter(merged) });
}

/** Create, or with `unique` update the first matching check (upsert). */
export async function createCheck(deps: MonitorDeps, project: Project, spec: CheckSpec, version: ApiVersion): Promise<CheckOutcome> {
  const now = deps.clock.now().getTime();
  return inTransaction(deps.db, async (trx) => {
    // Concurrent creates of one owner take turns (upstream runs each request's check-then-insert
    // alone, under its default isolation, so on PostgreSQL without this 30 concurrent creates
    // passed a limit of 5 and 20 upserts of one name made 10 checks): the limit counts checks
    // across all the owner's projects, and an upsert must see the check a concurrent one made.
    await lockForTransaction(trx, deps.dialect, `monitor.checks-of-owner.${project.owner_id}`);
    const key = upsertKey(spec);
    const existing = key ? await findCheckMatching(trx, project.id, key) : undefined;
    if (existing) return doUpdateCheck(trx, existing, spec, version, "updated", now);

    const owner = await findOwner(trx, project);
    if (owner.check_limit - (await countChecksOfOwner(trx, owner.id)) <= 0) return { kind: "limit" };
    const inserted = await insertCheck(trx, newCheckRow(project, now));
    return doUpdateCheck(trx, inserted, spec, version, "created", now);
  });
}

export async function updateCheck(deps: MonitorDeps, check: Check, spec: CheckSpec, version: ApiVersion): Promise<CheckOutcome> {
  return inTransaction(deps.db, async (trx) => {
    // Concurrent updates of one check take turns, so its channel list is the last writer's
    // (not a mix, nor a primary-key violation of check_channels).
    await lockForTransaction(trx, deps.dialect, `monitor.check.${check.id}`);
    return doUpdateCheck(trx, check, spec, version, "updated", deps.clock.now().getTime());
  });
}

async function doUpdateCheck(trx: Db, check: Check, spec: CheckSpec, version: ApiVersion, kind: "created" | "updated", now: number): Promise<CheckOutcome> {
  const channelError = await applyChannels(trx, check.project_id, check.id, spec.channels);
  if (channelError) throw new Rollback({ kind: "channel_error", error: channelError });
  const dependencyError = await applyDependencies(trx, check, spec.depends_on);
  if (dependencyError) throw new Rollback({ kind: "channel_error", error: dependencyError });
  if (spec.maintenance) await replaceCheckWindows(trx, check.project_id, check.id, spec.maintenance, now);
  const saved = await saveChanges(trx, check, changesFromSpec(spec, check, version));
  return saved ? { kind, check: saved } : { kind: "gone" };
}

export async function deleteCheck(deps: MonitorDeps, check: Check): Promise<boolean> {
  return deleteCheckRow(deps.db, check.id);
}
