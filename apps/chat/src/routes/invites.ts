// /invites: email invitations (recorded, not mailed) and reusable links, with Zulip's
// permission rules: can_invite_users_group / create_multiuse_invite_group, a role no higher
// than the inviter's, channels the inviter may subscribe others to, groups they may add to.
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError, insufficientPermission, mustBeAdmin, mustBeOwner, notAllowedForGuests, ResourceNotFoundError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, nullable, oneOf } from "../http/validators.js";
import { realmUrl } from "../config.js";
import { canAddSubscribers } from "../lib/channel-permissions.js";
import { DEFAULT_INVITE_MINUTES, inviteeEmails, MAX_WELCOME_MESSAGE_LENGTH, inviteRoleRefusal } from "../lib/invites.js";
import { isAdmin, isGuest, isOwner, ROLE_MEMBER, ROLE_OWNER, ROLES } from "../lib/roles.js";
import { checkInviteUsers, checkRevokeMultiuseInvite, doCreateMultiuseInvite, doResendEmailInvite, doRevokeEmailInvite, type InviteOptions } from "../actions/invites.js";
import { inviteLink, presentInvite } from "../present/invite.js";
import { defaultStreamIds } from "../store/streams.js";
import { inviteInRealm, pendingInvites } from "../store/invites.js";
import { accessChannelById, channelScope, isSubscribed } from "./channel-access.js";
import { accessGroup, canManageGroup, groupScope } from "./group-access.js";
import { pathId } from "./access.js";

export function register(api: Api): void {
  const { deps } = api;
  const { db } = deps;

  /** The parameters both kinds share, validated in Zulip's order. */
  async function inviteOptions(ctx: UserContext, permission: string, streamDefault: number[] | undefined): Promise<Omit<InviteOptions, "notifyReferrerOnJoin"> & { emailsRaw?: string }> {
    const { params, user, realm } = ctx;
    if (isGuest(user)) throw notAllowedForGuests();
    const emailsRaw = streamDefault === undefined ? params.required("invitee_emails", raw()) : undefined;
    const expiresInMinutes = params.withDefault("invite_expires_in_minutes", json(nullable(int())), DEFAULT_INVITE_MINUTES);
    const invitedAs = params.withDefault("invite_as", json(int()), ROLE_MEMBER);
    const streamIds = streamDefault === undefined ? params.required("stream_ids", json(list(int()))) : params.withDefault("stream_ids", json(list(int())), streamDefault);
    const groupIds = params.withDefault("group_ids", json(list(int())), []);
    const includeRealmDefaultSubscriptions = params.withDefault("include_realm_default_subscriptions", json(bool), false);
    const welcome = params.optional("welcome_message_custom_text", raw({ maxLength: MAX_WELCOME_MESSAGE_LENGTH }));

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
      emailsRaw,
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

  api.user("GET", "/invites", async ({ user, realm }) => {
    if (isGuest(user)) throw notAllowedForGuests();
    const invites = await pendingInvites(db, realm.id, deps.clock.now().getTime(), isAdmin(user) ? undefined : user.id);
    const site = realmUrl(deps.config, realm.string_id);
    return { invites: invites.map((i) => presentInvite(i, site)) };
  });

  api.user("POST", "/invites", async (ctx) => {
    const { emailsRaw, ...options } = await inviteOptions(ctx, "can_invite_users_group", undefined);
    const notifyReferrerOnJoin = ctx.params.withDefault("notify_referrer_on_join", json(bool), true);
    await checkInviteUsers(deps, inviteeEmails(emailsRaw!), { ...options, notifyReferrerOnJoin });
    return {};
  });

  api.user("POST", "/invites/multiuse", async (ctx) => {
    const { emailsRaw: _none, ...options } = await inviteOptions(ctx, "create_multiuse_invite_group", []);
    const key = await doCreateMultiuseInvite(deps, { ...options, notifyReferrerOnJoin: true });
    return { invite_link: inviteLink(realmUrl(deps.config, ctx.realm.string_id), key) };
  });

  api.user("DELETE", "/invites/multiuse/:invite_id", async (ctx) => {
    await checkRevokeMultiuseInvite(deps, await accessInvite(ctx, true));
    return {};
  });

  api.user("DELETE", "/invites/:invite_id", async (ctx) => {
    await doRevokeEmailInvite(deps, await accessInvite(ctx, false));
    return {};
  });

  api.user("POST", "/invites/:invite_id/resend", async (ctx) => {
    await doResendEmailInvite(deps, await accessInvite(ctx, false));
    return {};
  });
}
