// How an integration kind's own pages (an OAuth callback, say) end: back to the project's
// integrations list with a message. A redirect, so that the kinds' folders need nothing that
// lists every kind (the list page does, through the registry).
import type { ProjectAccess } from "../store/memberships.js";
import { redirectAfter, type PageContext } from "./context.js";
import type { Flash } from "./flash.js";
import type { WebResponse } from "./respond.js";

export function backToIntegrations(ctx: PageContext, access: ProjectAccess, flash: Flash): Promise<WebResponse> {
  return redirectAfter(ctx, `/projects/${access.project.uuid}/integrations/`, flash);
}
