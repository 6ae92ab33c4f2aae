// Transferring a project to a team member, as upstream: the owner offers it, the member
// accepts (or declines) on the project's settings page. The new owner's check limit must
// hold the project's checks; the old owner stays on the team as a member.
import { lockForTransaction } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { listChecks } from "../store/checks.js";
import { clearTransferOffer, findTransferTarget, handOver, setTransferOffer } from "../store/project-transfer.js";
import { countChecksOfOwner } from "../store/projects.js";
import type { Account, Project } from "../store/schema.js";

export async function offerProject(deps: MonitorDeps, project: Project, memberId: number): Promise<boolean> {
  return setTransferOffer(deps.db, project.id, memberId, deps.clock.now().getTime());
}

export async function withdrawOffer(deps: MonitorDeps, project: Project): Promise<void> {
  await clearTransferOffer(deps.db, project.id);
}

export type TransferOutcome = { kind: "done" } | { kind: "not_offered" } | { kind: "limit"; limit: number };

export async function acceptProject(deps: MonitorDeps, project: Project, account: Account): Promise<TransferOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, deps.dialect, `monitor.project-transfer.${project.id}`);
    if ((await findTransferTarget(trx, project.id)) !== account.id) return { kind: "not_offered" } as const;
    const checks = (await listChecks(trx, project.id)).length;
    if ((await countChecksOfOwner(trx, account.id)) + checks > account.check_limit) return { kind: "limit", limit: account.check_limit } as const;
    await handOver(trx, project.id, project.owner_id, account.id, deps.clock.now().getTime());
    return { kind: "done" } as const;
  });
}
