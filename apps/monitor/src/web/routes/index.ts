// The dashboard's URL table. Paths follow the upstream's where it has one (/accounts/login/,
// /projects/<uuid>/checks/, /checks/<uuid>/details/, /projects/<uuid>/settings/ …).
import type { FastifyInstance } from "fastify";
import type { MonitorDeps } from "../../deps.js";
import { KINDS } from "../../integrations/registry.js";
import { webRouter } from "../context.js";
import { authRoutes } from "./auth.js";
import { badgeRoutes } from "./badges.js";
import { checkDetailRoutes } from "./checkDetails.js";
import { checkListRoutes } from "./checks.js";
import { emailLinkRoutes } from "./emailLinks.js";
import { integrationRoutes } from "./integrations.js";
import { projectRoutes } from "./projects.js";
import { settingsRoutes } from "./settings.js";
import { staticRoutes } from "./static.js";

export function registerWebRoutes(app: FastifyInstance, deps: MonitorDeps): void {
  const web = webRouter(app, deps);
  staticRoutes(app);
  authRoutes(web);
  projectRoutes(web);
  checkListRoutes(web);
  checkDetailRoutes(web);
  integrationRoutes(web);
  // Pages of the kinds' own: OAuth callbacks, a chat bot's webhook, confirmation links.
  for (const kind of KINDS) kind.routes?.(web);
  emailLinkRoutes(web);
  settingsRoutes(web);
  badgeRoutes(web);
}
