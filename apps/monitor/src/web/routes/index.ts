// The dashboard's URL table. Paths follow the upstream's where it has one (/accounts/login/,
// /projects/<uuid>/checks/, /checks/<uuid>/details/, /projects/<uuid>/settings/ …).
import type { FastifyInstance } from "fastify";
import type { MonitorDeps } from "../../deps.js";
import type { IntegrationKind } from "../../integrations/kind.js";
import { KINDS, unavailableReason } from "../../integrations/registry.js";
import { webRouter, type WebRouter } from "../context.js";
import { WebError } from "../respond.js";
import { accountRoutes } from "./account.js";
import { authRoutes } from "./auth.js";
import { badgeRoutes } from "./badges.js";
import { checkDetailRoutes } from "./check-details.js";
import { checkListRoutes } from "./checks.js";
import { checkLogRoutes } from "./check-log.js";
import { emailLinkRoutes } from "./email-links.js";
import { integrationRoutes } from "./integrations.js";
import { passwordResetRoutes } from "./password-reset.js";
import { twoFactorRoutes } from "./two-factor.js";
import { projectRoutes } from "./projects.js";
import { settingsRoutes } from "./settings.js";
import { staticRoutes } from "./static.js";
import { kindCatalog } from "../kind-catalog.js";

export function registerWebRoutes(app: FastifyInstance, deps: MonitorDeps): void {
  const web = webRouter(app, deps);
  staticRoutes(app);
  authRoutes(web);
  accountRoutes(web);
  passwordResetRoutes(web);
  twoFactorRoutes(web);
  projectRoutes(web);
  checkListRoutes(web);
  checkDetailRoutes(web);
  checkLogRoutes(web);
  integrationRoutes(web);
  // Pages of the kinds' own: OAuth callbacks, a chat bot's webhook, confirmation links.
  for (const kind of KINDS) kind.routes?.(offeredOnly(web, kind), kindCatalog);
  emailLinkRoutes(web);
  settingsRoutes(web);
  badgeRoutes(web);
}

/** A kind's own routes answer 404 while its settings are missing, as the upstream's require_setting. */
function offeredOnly(web: WebRouter, kind: IntegrationKind): WebRouter {
  const guard =
    <C extends { deps: { config: Parameters<typeof unavailableReason>[1] } }>(handler: (ctx: C) => unknown) =>
    (ctx: C) => {
      const reason = unavailableReason(kind, ctx.deps.config);
      if (reason) throw new WebError(404, reason);
      return handler(ctx);
    };
  return {
    get: (path, handler) => web.get(path, guard(handler) as typeof handler),
    getData: (path, handler) => web.getData(path, guard(handler) as typeof handler),
    post: (path, handler) => web.post(path, guard(handler) as typeof handler),
    publicGet: (path, handler) => web.publicGet(path, guard(handler) as typeof handler),
    publicPost: (path, handler) => web.publicPost(path, guard(handler) as typeof handler),
    signedLinkPost: (path, handler) => web.signedLinkPost(path, guard(handler) as typeof handler),
    servicePost: (path, handler) => web.servicePost(path, guard(handler) as typeof handler),
  };
}
