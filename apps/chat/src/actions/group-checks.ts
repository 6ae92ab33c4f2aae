// Validation of user group names and member lists, with Zulip's messages.
import { BadRequestError } from "../http/errors.js";
import type { UserGroup } from "../store/groups.js";

const MAX_GROUP_NAME_LENGTH = 100;
const RESERVED_PREFIXES = ["@", "role:", "user:", "stream:", "channel:"];

export function checkGroupName(raw: string, groups: UserGroup[], exceptId?: number): string {
  const name = raw.trim();
  if (name === "") throw new BadRequestError("User group name can't be empty!");
  if (name.length > MAX_GROUP_NAME_LENGTH) throw new BadRequestError(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  if (prefix) throw new BadRequestError(`User group name cannot start with '${prefix}'.`);
  if (groups.some((g) => g.id !== exceptId && g.name?.toLowerCase() === name.toLowerCase())) throw new BadRequestError(`User group '${name}' already exists.`);
  return name;
}

export function checkUserIds(ids: number[], realmUserIds: Set<number>): number[] {
  for (const id of ids) if (!realmUserIds.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
  return [...new Set(ids)];
}
