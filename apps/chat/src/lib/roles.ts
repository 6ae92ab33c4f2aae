// Zulip's role numbers: a lower number is a more powerful role.
export const ROLE_OWNER = 100;
export const ROLE_ADMINISTRATOR = 200;
export const ROLE_MODERATOR = 300;
export const ROLE_MEMBER = 400;
export const ROLE_GUEST = 600;
export const ROLES = [ROLE_OWNER, ROLE_ADMINISTRATOR, ROLE_MODERATOR, ROLE_MEMBER, ROLE_GUEST] as const;

export const BOT_DEFAULT = 1;
export const BOT_INCOMING_WEBHOOK = 2;
export const BOT_OUTGOING_WEBHOOK = 3;
export const BOT_EMBEDDED = 4;

export interface HasRole {
  role: number;
}

export const isOwner = (u: HasRole) => u.role === ROLE_OWNER;
export const isAdmin = (u: HasRole) => u.role <= ROLE_ADMINISTRATOR;
export const isModerator = (u: HasRole) => u.role <= ROLE_MODERATOR;
export const isGuest = (u: HasRole) => u.role === ROLE_GUEST;

/** System groups, from least to most inclusive; each is a subgroup of the next. */
export const SYSTEM_GROUPS = [
  "role:nobody",
  "role:owners",
  "role:administrators",
  "role:moderators",
  "role:fullmembers",
  "role:members",
  "role:everyone",
  "role:internet",
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUPS)[number];

export const SYSTEM_GROUP_DESCRIPTIONS: Record<SystemGroupName, string> = {
  "role:nobody": "Nobody",
  "role:owners": "Owners of this organization",
  "role:administrators": "Administrators of this organization, including owners",
  "role:moderators": "Moderators of this organization, including administrators",
  "role:fullmembers": "Members of this organization, not including new accounts and guests",
  "role:members": "Members of this organization, not including guests",
  "role:everyone": "Everyone in this organization, including guests",
  "role:internet": "Everyone on the Internet",
};

/** The role whose holders are the direct members of a system group (none for nobody/internet). */
export const SYSTEM_GROUP_ROLE: Partial<Record<SystemGroupName, number>> = {
  "role:owners": ROLE_OWNER,
  "role:administrators": ROLE_ADMINISTRATOR,
  "role:moderators": ROLE_MODERATOR,
  "role:fullmembers": ROLE_MEMBER,
  "role:members": ROLE_MEMBER,
  "role:everyone": ROLE_GUEST,
};
