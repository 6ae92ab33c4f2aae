// Creating a realm: the realm row, its system groups, its permission settings and its owner.
import type { ChatDb } from "../store/schema.js";
import { systemSubgroupLinks } from "../lib/group-graph.js";
import { REALM_GROUP_SETTING_DEFAULTS } from "../lib/realm-defaults.js";
import { ROLE_OWNER, SYSTEM_GROUP_DESCRIPTIONS, SYSTEM_GROUPS, type SystemGroupName } from "../lib/roles.js";
import { addSubgroups, insertGroup } from "../store/groups.js";
import { insertRealm, setRealmGroupSetting } from "../store/realms.js";
import { doCreateUser } from "./users.js";

export interface NewRealm {
  name: string;
  subdomain: string;
  ownerEmail: string;
  ownerName: string;
  ownerPassword?: string | null;
  now: number;
}

export async function doCreateRealm(db: ChatDb, input: NewRealm): Promise<{ realmId: number; userId: number; apiKey: string }> {
  const realmId = await db.transaction().execute(async (trx) => {
    const realmId = await insertRealm(trx, {
      string_id: input.subdomain,
      name: input.name,
      description: "",
      date_created: input.now,
      deactivated: 0,
      org_type: 0,
      invite_required: 1,
      waiting_period_threshold: 0,
      message_retention_days: null,
    });
    const ids = {} as Record<SystemGroupName, number>;
    for (const name of SYSTEM_GROUPS) {
      ids[name] = await insertGroup(trx, {
        realm_id: realmId,
        name,
        description: SYSTEM_GROUP_DESCRIPTIONS[name],
        is_system_group: 1,
        date_created: null,
        creator_id: null,
        deactivated: 0,
      });
    }
    for (const link of systemSubgroupLinks(ids)) await addSubgroups(trx, link.group_id, [link.subgroup_id]);
    // System groups are managed by roles alone; their own settings point at role:nobody.
    for (const name of SYSTEM_GROUPS) {
      await trx
        .updateTable("user_groups")
        .set({
          can_add_members_group: ids["role:nobody"],
          can_join_group: ids["role:nobody"],
          can_leave_group: ids["role:nobody"],
          can_manage_group: ids["role:nobody"],
          can_mention_group: ids["role:everyone"],
          can_remove_members_group: ids["role:nobody"],
        })
        .where("id", "=", ids[name])
        .execute();
    }
    for (const [setting, group] of Object.entries(REALM_GROUP_SETTING_DEFAULTS)) {
      await setRealmGroupSetting(trx, realmId, setting, ids[group]);
    }
    return realmId;
  });
  const owner = await doCreateUser(db, {
    realmId,
    email: input.ownerEmail,
    fullName: input.ownerName,
    role: ROLE_OWNER,
    password: input.ownerPassword ?? null,
    // Realms are created from the command line (`beacon chat create-realm`), where Zulip's
    // operator would grant the owner can_create_users with `change_user_role`.
    canCreateUsers: true,
    now: input.now,
  });
  return { realmId, ...owner };
}
