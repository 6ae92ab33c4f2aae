// Users: listing, reading, creating, updating, deactivating and reactivating.
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError, CannotDeactivateLastUserError, mustBeOwner, ResourceNotFoundError } from "../http/errors.js";
import { JsonText, serializeBody } from "../http/envelope.js";
import { json, raw } from "../http/params.js";
import { anything, bool, int, list } from "../http/validators.js";
import { changeUser, createUser, regenerateApiKey, setUserActive } from "../actions/users.js";
import { checkFullName, checkNewEmail } from "../actions/user-checks.js";
import { checkNewPassword, checkSessionPassword } from "../actions/settings-checks.js";
import { isOwner, ROLE_MEMBER, ROLE_OWNER, ROLES } from "../lib/roles.js";
import { presentOwnUser, presentUser } from "../present/user.js";
import { countActiveOwners, usersInRealm, type User } from "../store/users.js";
import { accessUserByEmail, accessUserById, pathId, type UserAccess } from "./access.js";
import { profileDataItems } from "./profile-data.js";
import { checkUpdateProfileData } from "../actions/custom-profile-fields.js";
import { profileRows } from "../store/profile-data.js";
import { profileDataOf } from "../present/custom-profile-field.js";

export function register(api: Api): void {
  const { db, clock } = api.deps;

  /** `/users/{user_id}` or `/users/{email}` (FL 313). */
  const userFromPath = (ctx: UserContext, options: UserAccess) => {
    const segment = ctx.path.user ?? "";
    const id = pathId(segment);
    return id !== undefined ? accessUserById(db, ctx, id, options) : accessUserByEmail(db, ctx, segment, options);
  };

  api.user("GET", "/users", async ({ params, realm, state, reply }) => {
    const clientGravatar = params.withDefault("client_gravatar", json(bool), true);
    const includeCustomProfileFields = params.withDefault("include_custom_profile_fields", json(bool), false);
    const userIds = params.optional("user_ids", json(list(int())));
    if (!includeCustomProfileFields && !userIds) {
      // The whole list, serialized once per state version: every web app load asks for it,
      // and in an organization of 10,000 people it is 3.7 MB of JSON (users are part of the
      // realm state, whose version moves with any change to them: store/realm-state.ts).
      const text = await state.derived(`users ${realm.id} ${clientGravatar}`, async () => {
        const users = (await state.realm(realm.id))?.users ?? (await usersInRealm(db, realm.id));
        return JSON.stringify(users.map((u) => presentUser(u, { clientGravatar })));
      });
      reply.serializer(serializeBody).type("application/json; charset=utf-8");
      return { members: new JsonText(text) };
    }
    const users = await usersInRealm(db, realm.id, userIds ? { ids: userIds } : {});
    const profileData = includeCustomProfileFields ? profileDataOf(await profileRows(db, realm.id, userIds)) : undefined;
    return { members: users.map((u) => presentUser(u, { clientGravatar, includeCustomProfileFields, profileData })) };
  });

  api.user("GET", "/users/me", async ({ user, realm }) => presentOwnUser(user, profileDataOf(await profileRows(db, realm.id, [user.id]))));

  api.user("GET", "/users/:user", async (ctx) => {
    const clientGravatar = ctx.params.withDefault("client_gravatar", json(bool), true);
    const includeCustomProfileFields = ctx.params.withDefault("include_custom_profile_fields", json(bool), false);
    const target = await userFromPath(ctx, { allowDeactivated: true, allowBots: true });
    const profileData = includeCustomProfileFields ? profileDataOf(await profileRows(db, ctx.realm.id, [target.id])) : undefined;
    return { user: presentUser(target, { clientGravatar, includeCustomProfileFields, profileData }) };
  });

  api.user("POST", "/users", async ({ params, user, realm }) => {
    // A server-granted flag, not a role: an administrator without it is refused too.
    if (!user.can_create_users) throw new BadRequestError("User not authorized to create users");
    const email = params.required("email", raw());
    const password = params.required("password", raw());
    const fullName = checkFullName(params.required("full_name", raw()));
    await checkNewEmail(db, realm.id, email);
    checkNewPassword(api.deps, password);
    const created = await createUser(api.deps, { realmId: realm.id, email: email.trim(), fullName, role: ROLE_MEMBER, password, now: clock.now().getTime() });
    return { user_id: created.userId };
  });

  api.user("PATCH", "/users/:user", async (ctx) => {
    const target = await userFromPath(ctx, { forAdmin: true, allowBots: true });
    const fullName = ctx.params.optional("full_name", raw());
    const role = ctx.params.optional("role", json(int()));
    const profileData = ctx.params.optional("profile_data", json(profileDataItems));
    const newEmail = ctx.params.optional("new_email", raw());
    if (role !== undefined) {
      if (!(ROLES as readonly number[]).includes(role)) throw new BadRequestError("Invalid role");
      if ((role === ROLE_OWNER || target.role === ROLE_OWNER) && !isOwner(ctx.user)) throw mustBeOwner();
      if (target.role === ROLE_OWNER && role !== ROLE_OWNER && (await countActiveOwners(db, ctx.realm.id)) <= 1) {
        throw new BadRequestError("The owner permission cannot be removed from the only organization owner.");
      }
    }
    const changes: Partial<User> = {};
    if (fullName !== undefined && fullName !== target.full_name) changes.full_name = checkFullName(fullName);
    if (role !== undefined) changes.role = role;
    if (newEmail !== undefined) {
      await checkNewEmail(db, ctx.realm.id, newEmail);
      Object.assign(changes, { email: newEmail.trim(), delivery_email: newEmail.trim(), email_key: newEmail.trim().toLowerCase() });
    }
    await changeUser(api.deps, target, changes);
    if (profileData?.length) await checkUpdateProfileData(api.deps, ctx.realm, target, profileData, { mayEditAll: true });
    return {};
  });

  api.user("DELETE", "/users/me", async ({ params, user, realm }) => {
    params.accept("deactivation_notification_comment");
    if (user.role === ROLE_OWNER && (await countActiveOwners(db, realm.id)) <= 1) throw new CannotDeactivateLastUserError(true);
    await setUserActive(api.deps, user, false);
    return {};
  });

  api.user("DELETE", "/users/:user", async (ctx) => {
    const id = pathId(ctx.path.user);
    if (id === undefined) throw new ResourceNotFoundError("Not Found");
    const target = await accessUserById(db, ctx, id, { forAdmin: true });
    ctx.params.optional("deactivation_notification_comment", raw({ maxLength: 2000 }));
    ctx.params.optional("actions", json(anything));
    if (target.role === ROLE_OWNER && (await countActiveOwners(db, ctx.realm.id)) <= 1) throw new CannotDeactivateLastUserError(true);
    await setUserActive(api.deps, target, false);
    return {};
  });

  api.user("POST", "/users/:user_id/reactivate", async (ctx) => {
    const id = pathId(ctx.path.user_id);
    if (id === undefined) throw new ResourceNotFoundError("Not Found");
    const target = await accessUserById(db, ctx, id, { forAdmin: true, allowDeactivated: true, allowBots: true });
    if (target.is_active) throw new BadRequestError("User is already active");
    await setUserActive(api.deps, target, true);
    return {};
  });

  api.user("POST", "/users/me/api_key/regenerate", async ({ user, sessionId, params }) => {
    // Deliberate difference (docs/chat.md): through the web app's session the current password
    // is asked, as Zulip's web UI asks it before showing a key, so a session alone never
    // yields an API key.
    if (sessionId !== undefined) await checkSessionPassword(api.deps, user, params.required("password", raw()));
    return { api_key: await regenerateApiKey(api.deps, user, clock.now().getTime()) };
  });
}

