// Mentions: which ones concern the viewer (.user-mention-me, Zulip's class), and the current
// names of mentioned users and groups (the server's HTML keeps the names of when it was sent).
import type { ContentContext } from "./context";

const ME = "user-mention-me";

/** Whether a mention that names the viewer counts: the message's flags decide when known. */
function concernsMe(ctx: ContentContext, silent: boolean, ...flags: string[]): boolean {
  if (silent) return false;
  return ctx.flags === undefined || flags.some((flag) => ctx.flags?.includes(flag));
}

function rename(el: HTMLElement, name: string | undefined): void {
  if (name === undefined) return;
  el.textContent = el.classList.contains("silent") ? name : `@${name}`;
}

export function enhanceMentions(root: ParentNode, ctx: ContentContext): void {
  for (const el of root.querySelectorAll<HTMLElement>(".user-mention")) {
    const silent = el.classList.contains("silent");
    const id = el.dataset.userId;
    let me = false;
    if (id === "*") {
      // "wildcard_mentioned" is the flag's name before Zulip 8.
      me = concernsMe(ctx, silent, "stream_wildcard_mentioned", "wildcard_mentioned");
    } else if (id !== undefined) {
      me = Number(id) === ctx.myUserId && concernsMe(ctx, silent, "mentioned");
      rename(el, ctx.userName?.(Number(id)));
    }
    el.classList.toggle(ME, me);
  }
  for (const el of root.querySelectorAll<HTMLElement>(".topic-mention")) {
    el.classList.toggle(ME, concernsMe(ctx, el.classList.contains("silent"), "topic_wildcard_mentioned"));
  }
  for (const el of root.querySelectorAll<HTMLElement>(".user-group-mention")) {
    const id = Number(el.dataset.userGroupId);
    if (!Number.isInteger(id)) continue;
    // compat: as in Zulip's web app, a group the viewer is in is highlighted even when silent.
    el.classList.toggle(ME, ctx.isMyGroup?.(id) ?? false);
    rename(el, ctx.groupName?.(id));
  }
}
