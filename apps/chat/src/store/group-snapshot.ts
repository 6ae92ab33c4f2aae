// Everything needed to resolve group membership in one realm, in four queries.
import type { ChatDb } from "./schema.js";
import type { GroupSnapshot } from "../lib/group-graph.js";
import { groupsInRealm, membershipsInRealm, subgroupLinksInRealm } from "./groups.js";

export async function groupSnapshot(db: ChatDb, realmId: number): Promise<GroupSnapshot> {
  const [groups, users, memberships, subgroupLinks] = await Promise.all([
    groupsInRealm(db, realmId),
    db.selectFrom("users").select(["id", "role", "is_active"]).where("realm_id", "=", realmId).execute(),
    membershipsInRealm(db, realmId),
    subgroupLinksInRealm(db, realmId),
  ]);
  return { groups, users, memberships, subgroupLinks };
}
