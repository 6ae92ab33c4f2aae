// /invites: email invitations (recorded, not mailed) and reusable links, with Zulip's
// permission rules: can_invite_users_group / create_multiuse_invite_group, a role no higher
// than the inviter's, channels the inviter may subscribe others to, groups they may add to.
import { guarded, handler, raising, RESOURCE_NOT_FOUND, type UserContext } from "../http/endpoint.js";
import { optional, required, withDefault, type Args, type Param } from "../http/declare.js";
import { BadRequestError, insufficientPermission, mustBeAdmin, mustBeOwner, ResourceNotFoundError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, nullable, oneOf } from "../http/validators.js";
import { realmUrl } from "../config.js";
import { canAddSubscribers } from "../lib/channel-permissions.js";
import { DEFAULT_INVITE_MINUTES, inviteeEmails, MAX_WELCOME_MESSAGE_LENGTH, inviteRoleRefusal } from "../lib/invites.js";
import { isAdmin, isOwner, ROLE_MEMBER, ROLE_OWNER, ROLES } from "../lib/roles.js";
import { checkInviteUsers, checkRevokeMultiuseInvite, doCreateMultiuseInvite, doResendEmailInvite, doRevokeEmailInvite, type InviteOptions } from "../actions/invites.js";
import { inviteLink, presentInvite } from "../present/invite.js";
import { defaultStreamIds } from "../store/streams.js";
import { inviteInRealm, pendingInvites } from "../store/invites.js";
import { accessChannelById, channelScope, isSubscribed } from "./channel-access.js";
import { accessGroup, canManageGroup, groupScope } from "./group-access.js";
import { pathId } from "./access.js";
import { requireMember } from "./guards.js";

/** The parameters both kinds share, in Zulip's order; `streamIds` is required for e-mail invitations. */
const inviteParams = (streamIds: Param<number[]>) => ({
  expiresInMinutes: withDefault("invite_expires_in_minutes", json(nullable(int())), DEFAULT_INVITE_MINUTES),
  invitedAs: withDefault("invite_as", json(int()), ROLE_MEMBER),
  streamIds,
  groupIds: withDefault("group_ids", json(list(int())), []),
  includeRealmDefaultSubscriptions: withDefault("include_realm_default_subscriptions", json(bool), false),
  welcome: optional("welcome_message_custom_text", raw({ maxLength: MAX_WELCOME_MESSAGE_LENGTH })),
});

type InviteArgs = Args<ReturnType<typeof inviteParams>>;

/** The options of an invitation, checked in Zulip's order. */
async function inviteOptions(ctx: UserContext, permission: string, args: InviteArgs, emailsRaw: string | undefined): Promise<Omit<InviteOptions, "notifyReferrerOnJoin">> {
  const { user, realm } = ctx;
  const { db } = ctx.deps;
  const { expiresInMinutes, invitedAs, streamIds, groupIds, includeRealmDefaultSubscriptions, welcome } = args;
  const scope = await channelScope(db, ctx);
  if (!scope.graph.isMember(user.id, scope.realmSettings[permission]!)) throw insufficientPermission();
  oneOf(ROLES as unknown as number[])(invitedAs, "invite_as");
  const refusal = inviteRoleRefusal(user, invitedAs);
  if (refusal === "owner") throw mustBeOwner();
  // compat: here Zulip raises the administrator requirement as a plain error (BAD_REQUEST).
  if (refusal === "admin") throw new BadRequestError("Must be an organization administrator");
  if (emailsRaw !== undefined && !emailsRaw.trim()) throw new BadRequestError("You must specify at least one email address.");

  const defaults = new Set(await defaultStreamIds(db, realm.id));
  for (const id of streamIds) {
    let stream;
    try {
      stream = accessChannelById(scope, ctx, id);
    } catch {
      throw new BadRequestError(`Invalid channel ID ${id}. No invites were sent.`);
    }
    if (!defaults.has(id) && !canAddSubscribers(scope.graph, user, stream, isSubscribed(scope, id), scope.realmSettings.can_add_subscribers_group!)) {
      throw new BadRequestError("You do not have permission to subscribe other users to channels.");
    }
  }
  const groups = await groupScope(db, ctx);
  for (const id of groupIds) {
    const group = accessGroup(groups, id);
    if (!canManageGroup(groups, user.id, group) && !groups.graph.isMember(user.id, group.can_add_members_group ?? -1)) throw insufficientPermission();
  }
  if (welcome !== undefined && !isAdmin(user)) throw new BadRequestError("Must be an organization administrator");
  return {
    realmId: realm.id,
    invitedBy: user.id,
    invitedAs,
    expiresInMinutes,
    streamIds: [...new Set(streamIds)],
    groupIds: [...new Set(groupIds)],
    includeRealmDefaultSubscriptions,
    welcomeMessageCustomText: welcome ?? null,
  };
}


/** Managing someone else's invitation takes an administrator (an owner for owner invites). */
async function accessInvite(ctx: UserContext, multiuse: boolean) {
  const { db } = ctx.deps;
  const id = pathId(ctx.path.invite_id);
  if (id === undefined) throw new ResourceNotFoundError("Not Found");
  const invite = await inviteInRealm(db, ctx.realm.id, id, multiuse);
  if (!invite || (!multiuse && invite.status !== 0)) throw new BadRequestError("No such invitation");
  if (invite.invited_by_user_id !== ctx.user.id) {
    if (invite.invited_as === ROLE_OWNER && !isOwner(ctx.user)) throw mustBeOwner();
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
  }
  return invite;
}

export const listInvites = guarded(
  requireMember,
  handler({}, async ({ deps, user, realm }) => {
    const invites = await pendingInvites(deps.db, realm.id, deps.clock.now().getTime(), isAdmin(user) ? undefined : user.id);
    const site = realmUrl(deps.config, realm.string_id);
    return { invites: invites.map((i) => presentInvite(i, site)) };
  }),
);

export const inviteUsers = raising(["INVITATION_FAILED", "UNAUTHORIZED_PRINCIPAL"], guarded(
  requireMember,
  handler(
    {
      emailsRaw: required("invitee_emails", raw()),
      ...inviteParams(required("stream_ids", json(list(int())))),
      notifyReferrerOnJoin: withDefault("notify_referrer_on_join", json(bool), true),
    },
    async (ctx, { emailsRaw, notifyReferrerOnJoin, ...args }) => {
      const options = await inviteOptions(ctx, "can_invite_users_group", args, emailsRaw);
      await checkInviteUsers(ctx.deps, inviteeEmails(emailsRaw), { ...options, notifyReferrerOnJoin });
      return {};
    },
  ),
));

export const createMultiuseInvite = raising(["UNAUTHORIZED_PRINCIPAL"], guarded(
  requireMember,
  handler(inviteParams(withDefault("stream_ids", json(list(int())), [])), async (ctx, args) => {
    const options = await inviteOptions(ctx, "create_multiuse_invite_group", args, undefined);
    const key = await doCreateMultiuseInvite(ctx.deps, { ...options, notifyReferrerOnJoin: true });
    return { invite_link: inviteLink(realmUrl(ctx.deps.config, ctx.realm.string_id), key) };
  }),
));

export const revokeMultiuseInvite = raising(["UNAUTHORIZED_PRINCIPAL", RESOURCE_NOT_FOUND], handler({}, async (ctx) => {
  await checkRevokeMultiuseInvite(ctx.deps, await accessInvite(ctx, true));
  return {};
}));

export const revokeInvite = raising(["UNAUTHORIZED_PRINCIPAL", RESOURCE_NOT_FOUND], handler({}, async (ctx) => {
  await doRevokeEmailInvite(ctx.deps, await accessInvite(ctx, false));
  return {};
}));

export const resendInvite = raising(["UNAUTHORIZED_PRINCIPAL", RESOURCE_NOT_FOUND], handler({}, async (ctx) => {
  await doResendEmailInvite(ctx.deps, await accessInvite(ctx, false));
  return {};
}));
