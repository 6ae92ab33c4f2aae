// Realm domains; each change goes to every active user of the realm.
import { isUniqueViolation } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { deleteRealmDomain, insertRealmDomain, setAllowSubdomains, type RealmDomain } from "../store/realm-domains.js";
import { activeUserIds, publish } from "./publish.js";

export const presentRealmDomain = (d: Pick<RealmDomain, "domain" | "allow_subdomains">) => ({ domain: d.domain, allow_subdomains: Boolean(d.allow_subdomains) });

export async function doAddRealmDomain(deps: ChatDeps, realmId: number, domain: string, allowSubdomains: boolean): Promise<number> {
  const id = await insertRealmDomain(deps.db, { realm_id: realmId, domain, allow_subdomains: allowSubdomains ? 1 : 0 }).catch((error: unknown) => {
    // A concurrent add of the same domain won (the route's check passed for both).
    if (isUniqueViolation(error)) throw new BadRequestError(`The domain ${domain} is already a part of your organization.`);
    throw error;
  });
  const event = { type: "realm_domains", op: "add", realm_domain: { domain, allow_subdomains: allowSubdomains } };
  publish(deps, [{ event, users: await activeUserIds(deps.db, realmId) }]);
  return id;
}

export async function doChangeRealmDomain(deps: ChatDeps, row: RealmDomain, allowSubdomains: boolean): Promise<void> {
  await setAllowSubdomains(deps.db, row.id, allowSubdomains);
  const event = { type: "realm_domains", op: "change", realm_domain: { domain: row.domain, allow_subdomains: allowSubdomains } };
  publish(deps, [{ event, users: await activeUserIds(deps.db, row.realm_id) }]);
}

export async function doRemoveRealmDomain(deps: ChatDeps, row: RealmDomain): Promise<void> {
  await deleteRealmDomain(deps.db, row.id);
  publish(deps, [{ event: { type: "realm_domains", op: "remove", domain: row.domain }, users: await activeUserIds(deps.db, row.realm_id) }]);
}
