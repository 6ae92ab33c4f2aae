// /realm/domains: anyone may list; only owners may change them (Zulip FL 143).
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError, mustBeOwner } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { domainError } from "../lib/domains.js";
import { isOwner } from "../lib/roles.js";
import { doAddRealmDomain, doChangeRealmDomain, doRemoveRealmDomain, presentRealmDomain } from "../actions/realm-domains.js";
import { realmDomain, realmDomains } from "../store/realm-domains.js";

export function register(api: Api): void {
  const { deps } = api;

  const accessDomain = async ({ path, realm }: UserContext) => {
    const domain = path.domain ?? "";
    const row = await realmDomain(deps.db, realm.id, domain);
    if (!row) throw new BadRequestError(`No entry found for domain ${domain}.`);
    return row;
  };

  api.user("GET", "/realm/domains", async ({ realm }) => ({ domains: (await realmDomains(deps.db, realm.id)).map(presentRealmDomain) }));

  api.user("POST", "/realm/domains", async ({ params, user, realm }) => {
    if (!isOwner(user)) throw mustBeOwner();
    const domain = params.required("domain", raw()).trim().toLowerCase();
    const allowSubdomains = params.required("allow_subdomains", json(bool));
    const error = domainError(domain);
    if (error) throw new BadRequestError(`Invalid domain: ${error}`);
    if (await realmDomain(deps.db, realm.id, domain)) throw new BadRequestError(`The domain ${domain} is already a part of your organization.`);
    const id = await doAddRealmDomain(deps, realm.id, domain, allowSubdomains);
    return { new_domain: [id, domain] };
  });

  api.user("PATCH", "/realm/domains/:domain", async (ctx) => {
    if (!isOwner(ctx.user)) throw mustBeOwner();
    const allowSubdomains = ctx.params.required("allow_subdomains", json(bool));
    await doChangeRealmDomain(deps, await accessDomain(ctx), allowSubdomains);
    return {};
  });

  api.user("DELETE", "/realm/domains/:domain", async (ctx) => {
    if (!isOwner(ctx.user)) throw mustBeOwner();
    await doRemoveRealmDomain(deps, await accessDomain(ctx));
    return {};
  });
}
