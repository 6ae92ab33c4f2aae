// Links into the web app's hash narrows (zulip's hash_util): `#narrow/channel/…/topic/…/near/…`.

/** encodeHashComponent: URI encoding with `%` written as `.` (and `.()'` escaped first). */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[.()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%/g, ".");
}

export function channelSlug(id: number, name: string): string {
  return encodeHashComponent(`${id}-${name.replace(/ /g, "-")}`);
}

export function channelMessageUrl(realmUrl: string, stream: { id: number; name: string }, topic: string, messageId: number): string {
  return `${realmUrl}/#narrow/channel/${channelSlug(stream.id, stream.name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
}

export function directMessageUrl(realmUrl: string, others: { id: number; full_name: string }[], messageId: number): string {
  const ids = others.map((u) => u.id).sort((a, b) => a - b);
  const suffix = others.length === 1 ? others[0].full_name.replace(/[ "%/<>`\p{C}]+/gu, "-") : "group";
  return `${realmUrl}/#narrow/dm/${ids.join(",")}-${encodeHashComponent(suffix)}/near/${messageId}`;
}
