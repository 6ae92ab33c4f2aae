// Users: listing, reading, creating, updating, deactivating and reactivating.
import { guarded, handler, raising, RESOURCE_NOT_FOUND, type Guard, type UserContext } from "../http/endpoint.js";
import { accepted, optional, refine, required, withDefault } from "../http/declare.js";
import { BadRequestError, CannotDeactivateLastUserError, mustBeOwner, ResourceNotFoundError } from "../http/errors.js";
import { JsonText, serializeBody } from "../http/envelope.js";
import { json, raw } from "../http/params.js";
import { anything, bool, int, list } from "../http/validators.js";
import { changeUser, createUser, regenerateApiKey, setUserActive } from "../actions/users.js";
import { checkFullName, checkNewEmail } from "../actions/user-checks.js";
import { checkNewPassword, checkSessionPassword } from "../actions/settings-checks.js";
import { isOwner, ROLE_MEMBER, ROLE_OWNER, ROLES } from "../lib/roles.js";
import { presentOwnUser, presentUser } from "../present/user.js";
import { deliveryEmailChanges, visibilitiesSeenBy } from "../lib/email-visibility.js";
import { countActiveOwners, usersInRealm, type User } from "../store/users.js";
import { accessUserByEmail, accessUserById, pathId, type UserAccess } from "./access.js";
import { profileDataItems } from "./profile-data.js";
import { checkUpdateProfileData } from "../actions/custom-profile-fields.js";
import { profileRows } from "../store/profile-data.js";
import { profileDataOf } from "../present/custom-profile-field.js";

/** `/users/{user_id}` or `/users/{email}` (FL 313). */
function userFromPath(ctx: UserContext, options: UserAccess) {
  const segment = ctx.path.user ?? "";
  const id = pathId(segment);
  return id !== undefined ? accessUserById(ctx.deps.db, ctx, id, options) : accessUserByEmail(ctx.deps, ctx, segment, options);
}

const clientGravatar = withDefault("client_gravatar", json(bool), true);
const includeCustomProfileFields = withDefault("include_custom_profile_fields", json(bool), false);

export const listUsers = handler(
  { clientGravatar, includeCustomProfileFields, userIds: optional("user_ids", json(list(int()))) },
  async ({ deps, user, realm, state, reply }, { clientGravatar, includeCustomProfileFields, userIds }) => {
    const { db } = deps;
    if (!includeCustomProfileFields && !userIds && visibilitiesSeenBy(user).includes(user.email_address_visibility)) {
      // The whole list, serialized once per state version and per role's view of the
      // addresses: every web app load asks for it, and in an organization of 10,000 people it
      // is 3.7 MB of JSON (users are part of the realm state, whose version moves with any
      // change to them: store/realm-state.ts). A user whose own address their role could not
      // see (visibility "nobody") is served apart, as they see it.
      const text = await state.derived(`users ${realm.id} ${clientGravatar} ${visibilitiesSeenBy(user).join(",")}`, async () => {
        const users = (await state.realm(realm.id))?.users ?? (await usersInRealm(db, realm.id));
        return JSON.stringify(users.map((u) => presentUser(u, { viewer: user, clientGravatar })));
      });
      reply.serializer(serializeBody).type("application/json; charset=utf-8");
      return { members: new JsonText(text) };
    }
    const users = await usersInRealm(db, realm.id, userIds ? { ids: userIds } : {});
    const profileData = includeCustomProfileFields ? profileDataOf(await profileRows(db, realm.id, userIds)) : undefined;
    return { members: users.map((u) => presentUser(u, { viewer: user, clientGravatar, includeCustomProfileFields, profileData })) };
  },
);

export const ownUser = handler({}, async ({ deps, user, realm }) => presentOwnUser(user, profileDataOf(await profileRows(deps.db, realm.id, [user.id]))));

export const getUser = handler({ clientGravatar, includeCustomProfileFields }, async (ctx, { clientGravatar, includeCustomProfileFields }) => {
  const target = await userFromPath(ctx, { allowDeactivated: true, allowBots: true });
  const profileData = includeCustomProfileFields ? profileDataOf(await profileRows(ctx.deps.db, ctx.realm.id, [target.id])) : undefined;
  return { user: presentUser(target, { viewer: ctx.user, clientGravatar, includeCustomProfileFields, profileData }) };
});

/** A server-granted flag, not a role: an administrator without it is refused too. */
function canCreateUsers({ user }: UserContext): void {
  if (!user.can_create_users) throw new BadRequestError("User not authorized to create users");
}

export const createUserAccount = guarded(
  canCreateUsers,
  handler(
    { email: required("email", raw()), password: required("password", raw()), fullName: refine(required("full_name", raw()), checkFullName) },
    async ({ deps, realm }, { email, password, fullName }) => {
      await checkNewEmail(deps.db, realm.id, email);
      checkNewPassword(deps, password);
      const created = await createUser(deps, { realmId: realm.id, email: email.trim(), fullName, role: ROLE_MEMBER, password, now: deps.clock.now().getTime() });
      return { user_id: created.userId };
    },
  ),
);

export const updateUser = raising(["UNAUTHORIZED_PRINCIPAL"], handler(
  {
    fullName: optional("full_name", raw()),
    role: optional("role", json(int())),
    profileData: optional("profile_data", json(profileDataItems)),
    newEmail: optional("new_email", raw()),
  },
  async (ctx, { fullName, role, profileData, newEmail }) => {
    const { deps } = ctx;
    const target = await userFromPath(ctx, { forAdmin: true, allowBots: true });
    if (role !== undefined) {
      if (!(ROLES as readonly number[]).includes(role)) throw new BadRequestError("Invalid role");
      if ((role === ROLE_OWNER || target.role === ROLE_OWNER) && !isOwner(ctx.user)) throw mustBeOwner();
      if (target.role === ROLE_OWNER && role !== ROLE_OWNER && (await countActiveOwners(deps.db, ctx.realm.id)) <= 1) {
        throw new BadRequestError("The owner permission cannot be removed from the only organization owner.");
      }
    }
    const changes: Partial<User> = {};
    if (fullName !== undefined && fullName !== target.full_name) changes.full_name = checkFullName(fullName);
    if (role !== undefined) changes.role = role;
    if (newEmail !== undefined) {
      await checkNewEmail(deps.db, ctx.realm.id, newEmail);
      Object.assign(changes, deliveryEmailChanges(target, newEmail.trim()));
    }
    await changeUser(deps, target, changes);
    if (profileData?.length) await checkUpdateProfileData(deps, ctx.realm, target, profileData, { mayEditAll: true });
    return {};
  },
));

export const deactivateOwnAccount = raising(["CANNOT_DEACTIVATE_LAST_USER"], handler({ comment: accepted("deactivation_notification_comment") }, async ({ deps, user, realm }) => {
  if (user.role === ROLE_OWNER && (await countActiveOwners(deps.db, realm.id)) <= 1) throw new CannotDeactivateLastUserError(true);
  await setUserActive(deps, user, false);
  return {};
}));

/** The user id of the path: Zulip's URL pattern matches digits only, so anything else is a 404. */
const numericUserPath: Guard = Object.assign(
  ({ path }: UserContext) => {
    if (pathId(path.user ?? path.user_id) === undefined) throw new ResourceNotFoundError("Not Found");
  },
  { raises: [RESOURCE_NOT_FOUND] },
);

export const deactivateUser = raising(["CANNOT_DEACTIVATE_LAST_USER"], guarded(
  numericUserPath,
  handler(
    { comment: optional("deactivation_notification_comment", raw({ maxLength: 2000 })), actions: optional("actions", json(anything)) },
    async (ctx) => {
      const { deps } = ctx;
      const target = await accessUserById(deps.db, ctx, pathId(ctx.path.user)!, { forAdmin: true });
      if (target.role === ROLE_OWNER && (await countActiveOwners(deps.db, ctx.realm.id)) <= 1) throw new CannotDeactivateLastUserError(true);
      await setUserActive(deps, target, false);
      return {};
    },
  ),
));

export const reactivateUser = guarded(
  numericUserPath,
  handler({}, async (ctx) => {
    const target = await accessUserById(ctx.deps.db, ctx, pathId(ctx.path.user_id)!, { forAdmin: true, allowDeactivated: true, allowBots: true });
    if (target.is_active) throw new BadRequestError("User is already active");
    await setUserActive(ctx.deps, target, true);
    return {};
  }),
);

export const regenerateOwnApiKey = raising(["REQUEST_VARIABLE_MISSING"], handler({}, async ({ deps, user, sessionId, params }) => {
  // Deliberate difference (docs/chat.md): through the web app's session the current password
  // is asked, as Zulip's web UI asks it before showing a key, so a session alone never
  // yields an API key. Whether `password` is a parameter at all depends on how the caller
  // signed in, so it is read here rather than declared.
  if (sessionId !== undefined) await checkSessionPassword(deps, user, params.required("password", raw()));
  return { api_key: await regenerateApiKey(deps, user, deps.clock.now().getTime()) };
}));

