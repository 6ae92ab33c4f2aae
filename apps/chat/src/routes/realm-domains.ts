// /realm/domains: anyone may list; only owners may change them (Zulip FL 143).
import { guarded, handler, type UserContext } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { domainError } from "../lib/domains.js";
import { doAddRealmDomain, doChangeRealmDomain, doRemoveRealmDomain, presentRealmDomain } from "../actions/realm-domains.js";
import { realmDomain, realmDomains } from "../store/realm-domains.js";
import { requireOwner } from "./guards.js";

async function accessDomain({ deps, path, realm }: UserContext) {
  const domain = path.domain ?? "";
  const row = await realmDomain(deps.db, realm.id, domain);
  if (!row) throw new BadRequestError(`No entry found for domain ${domain}.`);
  return row;
}

export const listDomains = handler({}, async ({ deps, realm }) => ({ domains: (await realmDomains(deps.db, realm.id)).map(presentRealmDomain) }));

export const addDomain = guarded(
  requireOwner,
  handler({ domain: required("domain", raw()), allowSubdomains: required("allow_subdomains", json(bool)) }, async ({ deps, realm }, args) => {
    const domain = args.domain.trim().toLowerCase();
    const error = domainError(domain);
    if (error) throw new BadRequestError(`Invalid domain: ${error}`);
    if (await realmDomain(deps.db, realm.id, domain)) throw new BadRequestError(`The domain ${domain} is already a part of your organization.`);
    const id = await doAddRealmDomain(deps, realm.id, domain, args.allowSubdomains);
    return { new_domain: [id, domain] };
  }),
);

export const changeDomain = guarded(
  requireOwner,
  handler({ allowSubdomains: required("allow_subdomains", json(bool)) }, async (ctx, { allowSubdomains }) => {
    await doChangeRealmDomain(ctx.deps, await accessDomain(ctx), allowSubdomains);
    return {};
  }),
);

export const removeDomain = guarded(
  requireOwner,
  handler({}, async (ctx) => {
    await doRemoveRealmDomain(ctx.deps, await accessDomain(ctx));
    return {};
  }),
);
