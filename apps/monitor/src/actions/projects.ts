// Provisioning projects and their owner accounts (the CLI's create-project).
import { randomUUID } from "node:crypto";
import { lockForTransaction } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { generateApiKey, generatePingKey, hashApiKey, randomToken } from "../lib/keys.js";
import { countProjectsOfOwner, findAccountByEmail, findProjectByBadgeKey, insertAccount, insertProject } from "../store/projects.js";

export interface NewProjectKeys {
  uuid: string;
  name: string;
  api_key: string;
  api_key_readonly: string;
  ping_key: string;
  badge_key: string;
}

export interface CreateProjectInput {
  name: string;
  ownerEmail: string;
  checkLimit?: number;
  /** projects the owner may have, this one included (MONITOR_PROJECT_LIMIT); none for the operator's CLI */
  projectLimit?: number;
}

/** The owner has as many projects as the limit allows. */
export class ProjectLimitError extends Error {
  constructor(readonly limit: number) {
    super(`You can have at most ${limit} projects.`);
  }
}

/** The lock every creation of an account by e-mail address takes (addresses compare case-folded). */
export function accountEmailLock(email: string): string {
  return `monitor.account-email.${email.toLowerCase()}`;
}

export async function createProject(deps: MonitorDeps, input: CreateProjectInput): Promise<NewProjectKeys> {
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    // Two create-project runs for one new owner would otherwise both insert the account.
    await lockForTransaction(trx, deps.dialect, accountEmailLock(input.ownerEmail));
    let owner = await findAccountByEmail(trx, input.ownerEmail);
    if (!owner) {
      owner = await insertAccount(trx, {
        email: input.ownerEmail,
        username: randomToken(30),
        check_limit: input.checkLimit ?? deps.config.defaultCheckLimit,
        ping_log_limit: deps.config.pingLogLimit,
        created: now,
      });
    } else if (input.checkLimit !== undefined) {
      owner = await trx.updateTable("accounts").set({ check_limit: input.checkLimit }).where("id", "=", owner.id).returningAll().executeTakeFirstOrThrow();
    }

    // Counted after the lock, so two requests at once cannot both take the last place.
    const owned = await countProjectsOfOwner(trx, owner.id);
    if (input.projectLimit !== undefined && owned >= input.projectLimit) throw new ProjectLimitError(input.projectLimit);

    const uuid = randomUUID();
    const apiKey = generateApiKey("rw");
    const readOnlyKey = generateApiKey("ro");
    const pingKey = generatePingKey();
    // compat: an owner's first project carries the owner's username as badge key, later ones their UUID.
    // A project transferred away keeps its badge key, so an owner left with none gets a UUID too.
    const first = owned === 0 && !(await findProjectByBadgeKey(trx, owner.username));
    const badgeKey = first ? owner.username : uuid;
    await insertProject(trx, {
      uuid,
      name: input.name,
      owner_id: owner.id,
      api_key_hash: hashApiKey(apiKey),
      api_key_readonly_hash: hashApiKey(readOnlyKey),
      ping_key: pingKey,
      badge_key: badgeKey,
      created: now,
    });
    return { uuid, name: input.name, api_key: apiKey, api_key_readonly: readOnlyKey, ping_key: pingKey, badge_key: badgeKey };
  });
}
