// PATCH /realm writes: each changed setting is stored where it lives and announced to every
// active user as Zulip's do_set_realm_property does.
import type { ChatDeps } from "../deps.js";
import { REALM_SETTINGS } from "../lib/realm-settings.js";
import { realmMessageSettings, setRealmMessageSettings } from "../store/message-settings.js";
import { realmSettingValues, setRealmSettingValue } from "../store/settings.js";
import type { Realm } from "../store/realms.js";
import { activeUserIds, publish } from "./publish.js";

/** The current wire value of every setting PATCH /realm handles. */
export async function currentRealmSettings(deps: ChatDeps, realm: Realm): Promise<Record<string, unknown>> {
  const message = await realmMessageSettings(deps.db, realm.id);
  const kv = await realmSettingValues(deps.db, realm.id);
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
    if (spec.storage === "realm") out[name] = name === "invite_required" ? Boolean(realm.invite_required) : (realm as unknown as Record<string, unknown>)[name];
    else if (spec.storage === "message") {
      const value = (message as unknown as Record<string, unknown>)[name];
      out[name] = name === "allow_message_editing" ? Boolean(value) : name === "moderation_request_channel_id" ? (value ?? -1) : value;
    } else out[name] = name in kv ? kv[name] : spec.fallback;
  }
  return out;
}

/** Applies the changes that differ from the current values; returns those. */
export async function doSetRealmSettings(deps: ChatDeps, realm: Realm, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await currentRealmSettings(deps, realm);
  const changed = Object.fromEntries(Object.entries(changes).filter(([name, value]) => JSON.stringify(current[name]) !== JSON.stringify(value)));
  if (!Object.keys(changed).length) return {};
  await deps.db.transaction().execute(async (trx) => {
    const realmColumns: Record<string, unknown> = {};
    const messageColumns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(changed)) {
      const spec = REALM_SETTINGS[name]!;
      if (spec.storage === "realm") realmColumns[name] = typeof value === "boolean" ? (value ? 1 : 0) : value;
      else if (spec.storage === "message") {
        messageColumns[name] = name === "allow_message_editing" ? (value ? 1 : 0) : name === "moderation_request_channel_id" && value === -1 ? null : value;
      } else await setRealmSettingValue(trx, realm.id, name, value);
    }
    if (Object.keys(realmColumns).length) await trx.updateTable("realms").set(realmColumns).where("id", "=", realm.id).execute();
    if (Object.keys(messageColumns).length) await setRealmMessageSettings(trx, realm.id, messageColumns);
  });
  const users = await activeUserIds(deps.db, realm.id);
  publish(
    deps,
    Object.entries(changed).map(([name, value]) => ({
      event: REALM_SETTINGS[name]!.updateDict ? { type: "realm", op: "update_dict", property: "default", data: { [name]: value } } : { type: "realm", op: "update", property: name, value },
      users,
    })),
  );
  return changed;
}
