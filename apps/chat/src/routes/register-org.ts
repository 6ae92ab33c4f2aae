// The organization-level sections of /register, laid over the defaults that
// register-empty.ts sends; each section only when its event type is wanted.
import type { ChatDeps } from "../deps.js";
import type { Caller } from "../http/auth.js";
import { presentRealmDomain } from "../actions/realm-domains.js";
import { presentPlayground } from "../actions/playgrounds.js";
import { presentNavigationView } from "../present/navigation-view.js";
import { presentChannelFolder } from "../present/channel-folders.js";
import { presentField } from "../present/custom-profile-field.js";
import { currentAuthMethods, currentRealmSettings } from "../actions/realm-settings.js";
import { presentAuthMethods } from "../lib/auth-methods.js";
import { currentRealmUserDefaults } from "../actions/settings.js";
import { REALM_SETTINGS } from "../lib/realm-settings.js";
import { availableVideoChatProviders } from "../lib/video-calls.js";
import { alertWords } from "../store/alert-words.js";
import { channelFoldersInRealm } from "../store/channel-folders.js";
import { fieldsInRealm } from "../store/custom-profile-fields.js";
import { navigationViews } from "../store/navigation-views.js";
import { playgroundsInRealm } from "../store/playgrounds.js";
import { realmDomains } from "../store/realm-domains.js";

export async function orgSections(deps: ChatDeps, caller: Caller, wants: (name: string) => boolean): Promise<Record<string, unknown>> {
  const { db } = deps;
  const { user, realm } = caller;
  const out: Record<string, unknown> = {};
  if (wants("realm")) {
    // Stored values over the defaults presentRealmState sends (identity columns it reads itself).
    const settings = await currentRealmSettings(deps, realm);
    for (const [name, value] of Object.entries(settings)) if (REALM_SETTINGS[name]!.storage !== "realm") out[`realm_${name}`] = value;
    out.realm_allow_edit_history = settings.message_edit_history_visibility_policy !== "none";
    out.realm_mandatory_topics = settings.topics_policy === "disable_empty_topic";
    const methods = await currentAuthMethods(deps, realm.id);
    out.realm_authentication_methods = presentAuthMethods(methods);
    out.realm_email_auth_enabled = out.realm_password_auth_enabled = methods.Email;
    // What the password change and sign-up checks enforce (lib/secrets.ts isStrongPassword).
    out.password_min_length = deps.config.passwordMinLength;
    out.password_max_length = deps.config.passwordMaxLength;
    out.password_min_guesses = deps.config.passwordMinGuesses;
    out.realm_available_video_chat_providers = availableVideoChatProviders(deps.config);
    // No per-realm Jitsi server here (realm_jitsi_server_url stays null): the server's serves all.
    out.server_jitsi_server_url = deps.config.jitsiServerUrl;
    out.jitsi_server_url = deps.config.jitsiServerUrl;
  }
  // Over the plain Zulip defaults register.ts sends: what administrators set.
  if (wants("realm_user_settings_defaults")) out.realm_user_settings_defaults = await currentRealmUserDefaults(db, realm.id);
  if (wants("alert_words")) out.alert_words = await alertWords(db, user.id);
  if (wants("navigation_views")) out.navigation_views = (await navigationViews(db, user.id)).map(presentNavigationView);
  if (wants("realm_playgrounds")) out.realm_playgrounds = (await playgroundsInRealm(db, realm.id)).map(presentPlayground);
  if (wants("custom_profile_fields")) out.custom_profile_fields = (await fieldsInRealm(db, realm.id)).map(presentField);
  if (wants("realm_domains")) out.realm_domains = (await realmDomains(db, realm.id)).map(presentRealmDomain);
  // Archived folders too: clients still show the channels filed in them.
  if (wants("channel_folders")) out.channel_folders = (await channelFoldersInRealm(db, realm.id, { includeArchived: true })).map(presentChannelFolder);
  return out;
}
