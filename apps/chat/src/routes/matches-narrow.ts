// GET /messages/matches_narrow: which of the given messages match a narrow, with the search
// highlighting GET /messages would give them.
import { handler, raising } from "../http/endpoint.js";
import { refine, required } from "../http/declare.js";
import { json } from "../http/params.js";
import { anything, int, list } from "../http/validators.js";
import { messageScope } from "../actions/message-context.js";
import { highlightHtml, highlightText } from "../lib/highlight.js";
import { parseNarrow } from "../lib/narrow.js";
import { matchingIds } from "../store/message-query.js";
import { messagesByIds } from "../store/messages.js";
import { planNarrow } from "./narrow-filter.js";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

export const matchesNarrow = raising(["BAD_NARROW"], handler(
  { ids: required("msg_ids", json(list(int()))), narrow: refine(required("narrow", json(anything)), parseNarrow) },
  async (ctx, { ids, narrow }) => {
    const { deps } = ctx;
    const scope = await messageScope(deps, ctx.realm, ctx.user);
    const plan = await planNarrow(deps, scope, narrow);
    // compat: only messages the user actually received (their user_messages rows) are
    // considered, whatever the narrow, as Zulip's messages_in_narrow_backend does.
    const rows = await matchingIds(deps.db, { ...plan.filter, history: false }, ids);
    const messages = await messagesByIds(deps.db, rows.map((r) => r.id));
    const out: Record<string, { match_content: string; match_subject: string }> = {};
    for (const m of messages.sort((a, b) => a.id - b.id)) {
      const topic = m.stream_id === null ? "" : m.topic;
      out[String(m.id)] = plan.search
        ? { match_content: highlightHtml(m.rendered_content, plan.search.words, plan.search.phrases), match_subject: highlightText(topic, plan.search.words, plan.search.phrases) }
        : { match_content: m.rendered_content, match_subject: escapeHtml(topic) };
    }
    return { messages: out };
  },
));
