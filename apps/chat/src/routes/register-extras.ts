// /register sections of the realm extras (linkifiers), laid over register-empty.ts's defaults.
import type { ChatDeps } from "../deps.js";
import type { Caller } from "../http/auth.js";
import type { Capabilities } from "../events/client.js";
import { presentLinkifier } from "../actions/linkifiers.js";
import { linkifiersInRealm } from "../store/linkifiers.js";

export async function extraSections(deps: ChatDeps, caller: Caller, wants: (name: string) => boolean, capabilities: Capabilities): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (wants("realm_linkifiers")) {
    // compat: clients that cannot read URL templates get an empty list (and no events).
    out.realm_linkifiers = capabilities.linkifierUrlTemplate ? (await linkifiersInRealm(deps.db, caller.realm.id)).map(presentLinkifier) : [];
  }
  // compat: the legacy realm_filters section stays empty since feature level 176.
  if (wants("realm_filters")) out.realm_filters = [];
  return out;
}
