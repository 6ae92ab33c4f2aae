// GET /server_settings: unauthenticated; realm keys only when a realm is known.
import { openHandler } from "../http/endpoint.js";
import { realmUrl } from "../config.js";
import { ZULIP_FEATURE_LEVEL, ZULIP_MERGE_BASE, ZULIP_VERSION } from "../lib/version.js";
import { pushConfigured } from "../actions/push-status.js";
import { realmImageState, realmImageUrl } from "../lib/realm-images.js";
import { realmSettingValues } from "../store/settings.js";

export const serverSettings = openHandler({}, async ({ deps, realm }) => {
  const base = {
    authentication_methods: {
      password: true, dev: false, email: true, ldap: false, remoteuser: false, github: false,
      azuread: false, gitlab: false, apple: false, google: false, saml: false, "openid connect": false, discord: false,
    },
    external_authentication_methods: [],
    zulip_feature_level: ZULIP_FEATURE_LEVEL,
    zulip_version: ZULIP_VERSION,
    zulip_merge_base: ZULIP_MERGE_BASE,
    push_notifications_enabled: pushConfigured(deps),
    is_incompatible: false,
    email_auth_enabled: true,
    require_email_format_usernames: true,
  };
  if (!realm) return base;
  const url = realmUrl(deps.config, realm.string_id);
  return {
    ...base,
    realm_uri: url,
    realm_url: url,
    realm_name: realm.name,
    realm_icon: url + realmImageUrl(realm.id, "icon", realmImageState(await realmSettingValues(deps.db, realm.id), "icon")),
    realm_description: realm.description ? `<p>${escapeHtml(realm.description)}</p>` : "",
    realm_web_public_access_enabled: false,
  };
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
