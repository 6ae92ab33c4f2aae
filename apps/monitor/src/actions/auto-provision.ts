// Slug pings: finding the check by project ping key and slug, and creating it on
// `?create=1` (auto-provisioning, §11.5).
import { lockForTransaction } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { listChannels, setCheckChannels } from "../store/channels.js";
import { insertCheck } from "../store/checks.js";
import { countChecksOfOwner, findOwner, findProjectByPingKey } from "../store/projects.js";
import { checkIdsBySlug } from "../store/slugs.js";
import { newCheckRow } from "./checks.js";

export type SlugLookup = { kind: "found"; checkId: number } | { kind: "created"; checkId: number } | { kind: "not_found" } | { kind: "ambiguous" };

// Concurrent create=1 pings for one new slug in this process wait for the first one's answer
// (other processes are serialised by provision's lock).
const creating = new Map<string, Promise<SlugLookup>>();

export async function findOrProvisionCheck(deps: MonitorDeps, pingKey: string, slug: string, create: boolean): Promise<SlugLookup> {
  const ids = await checkIdsBySlug(deps.db, pingKey, slug);
  if (ids.length > 1) return { kind: "ambiguous" };
  if (ids.length === 1) return { kind: "found", checkId: ids[0] };
  if (!create) return { kind: "not_found" };

  const key = `${pingKey}/${slug}`;
  const pending = creating.get(key);
  if (pending) {
    const first = await pending;
    return first.kind === "created" ? { kind: "found", checkId: first.checkId } : first;
  }
  const work = provision(deps, pingKey, slug).finally(() => creating.delete(key));
  creating.set(key, work);
  return work;
}

async function provision(deps: MonitorDeps, pingKey: string, slug: string): Promise<SlugLookup> {
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    const project = await findProjectByPingKey(trx, pingKey);
    if (!project) return { kind: "not_found" };
    // Other processes (PostgreSQL) may be provisioning the same slug: take the owner's turn, as
    // createCheck does, and look again before inserting.
    await lockForTransaction(trx, deps.dialect, `monitor.checks-of-owner.${project.owner_id}`);
    const ids = await checkIdsBySlug(trx, pingKey, slug);
    if (ids.length > 1) return { kind: "ambiguous" };
    if (ids.length === 1) return { kind: "found", checkId: ids[0] };
    // compat: auto-provisioning may go up to twice the owner's check limit.
    const owner = await findOwner(trx, project);
    if ((await countChecksOfOwner(trx, owner.id)) >= owner.check_limit * 2) return { kind: "not_found" };
    const check = await insertCheck(trx, { ...newCheckRow(project, now), name: slug, slug });
    await setCheckChannels(trx, check.id, (await listChannels(trx, project.id)).map((c) => c.id));
    return { kind: "created", checkId: check.id };
  });
}
