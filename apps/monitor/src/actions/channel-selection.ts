// Resolving the `channels` field of a create/update body to integration ids.
import type { Channel } from "../store/schema.js";

export type ChannelSelection = { ok: number[] } | { error: string };

export function selectChannels(value: string, channels: Channel[]): ChannelSelection {
  if (value === "*") return { ok: channels.map((c) => c.id) };
  if (value === "") return { ok: [] };
  const chosen = new Set<number>();
  // compat: tokens are not trimmed; a UUID match and a name match are pooled together.
  for (const token of value.split(",")) {
    if (token === "") return { error: "empty channel identifier" };
    const matches = channels.filter((c) => c.uuid === token || c.name === token);
    if (matches.length === 0) return { error: `invalid channel identifier: ${token}` };
    if (matches.length > 1) return { error: `non-unique channel identifier: ${token}` };
    chosen.add(matches[0].id);
  }
  return { ok: [...chosen] };
}
