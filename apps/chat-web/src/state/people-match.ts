// Matching what a person types against names and e-mails (pickers of people and groups). Pure.
export interface Named {
  user_id: number;
  full_name: string;
  email: string;
  is_active?: boolean;
}

/** Up to `limit` active people whose name (any word's start) or e-mail starts with the text. */
export function matchPeople<U extends Named>(people: Iterable<U>, text: string, limit = 8): U[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  const out: U[] = [];
  for (const u of people) {
    if (u.is_active === false) continue;
    const name = u.full_name.toLowerCase();
    if (name.startsWith(wanted) || name.includes(` ${wanted}`) || u.email.toLowerCase().startsWith(wanted)) {
      out.push(u);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** Every member of a group, through its subgroups (each group visited once). */
export function expandGroup(id: number, groups: readonly { id: number; members: number[]; direct_subgroup_ids: number[] }[]): Set<number> {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const out = new Set<number>();
  const seen = new Set<number>();
  const visit = (gid: number) => {
    if (seen.has(gid)) return;
    seen.add(gid);
    const g = byId.get(gid);
    if (!g) return;
    for (const m of g.members) out.add(m);
    for (const s of g.direct_subgroup_ids) visit(s);
  };
  visit(id);
  return out;
}
