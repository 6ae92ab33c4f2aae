// The /register keys mobile clients read about notifications and images: whether push
// notifications work for the realm, the organization's icon and logos, the preset external account types (so GitHub and Twitter
// profile fields link), and the thumbnail formats images are served in.
import type { ChatDeps } from "../deps.js";
import type { Caller } from "../http/auth.js";
import { realmPushStatus } from "../actions/push-status.js";
import { DEFAULT_EXTERNAL_ACCOUNTS } from "../lib/custom-profile-fields.js";
import { THUMBNAIL_FORMATS } from "../lib/thumbnails.js";
import { presentRealmImages } from "../lib/realm-images.js";
import { realmSettingValues } from "../store/settings.js";

export function defaultExternalAccounts(): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(DEFAULT_EXTERNAL_ACCOUNTS).map(([subtype, a]) => [subtype, { text: a.text, url_pattern: a.urlPattern, name: a.name, hint: a.hint }]));
}

export async function mobileSections(deps: ChatDeps, caller: Caller, wants: (name: string) => boolean): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (wants("realm")) {
    const push = await realmPushStatus(deps, caller.realm.id);
    out.realm_push_notifications_enabled = push.enabled;
    out.realm_push_notifications_enabled_end_timestamp = push.endTimestamp;
    out.realm_default_external_accounts = defaultExternalAccounts();
    Object.assign(out, presentRealmImages(caller.realm.id, await realmSettingValues(deps.db, caller.realm.id)));
    out.server_thumbnail_formats = THUMBNAIL_FORMATS.map((f) => ({ name: f.name, max_width: f.maxWidth, max_height: f.maxHeight, format: f.format, animated: f.animated }));
  }
  return out;
}
