// The people list: everyone active in the organization with a presence dot, those in the open
// conversation (a channel's subscribers, a direct conversation's members) first, then the
// others (rows.ts sorts and filters). A text field filters by name (any word of it, or the
// email). Only the rows in sight (and a few either side) are in the page: 10,000 people scroll
// as lightly as 10.
import { useSignal } from "@preact/signals";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Narrow } from "../../narrow/narrow";
import { currentNarrow } from "../../narrow/router";
import { channelMembers, loadChannelMembers } from "../../state/channel-members";
import { session } from "../../state/session";
import { usersLoaded } from "../../state/users";
import { buildRows, LABEL, ROW_HEIGHT, sortedPeople, type Person } from "./rows";
import { userClicked } from "./user-click";
import "./list.css";

/** Rows drawn beyond each edge of the visible part. */
const OVERSCAN = 8;

/** Who is "in" the open view: a direct conversation's members, a channel's subscribers. */
function membersOf(n: Narrow, myUserId: number): { members: ReadonlySet<number> | null; label: string } {
  if (n.dm) return { members: new Set([...n.dm, myUserId]), label: "In this conversation" };
  const channelId = n.channelId ?? Number(n.terms?.find((t) => t.operator === "channel" && !t.negated && /^\d+$/.test(t.operand))?.operand ?? NaN);
  if (Number.isNaN(channelId)) return { members: null, label: "" };
  const known = channelMembers.value.get(channelId);
  if (!known) loadChannelMembers(channelId);
  return { members: known ?? null, label: "In this channel" };
}

function PersonRow({ person, me }: { person: Person; me: boolean }) {
  const { user, status } = person;
  return (
    <button type="button" class="person" data-testid="person-row" data-user-id={user.user_id} data-presence={status} title={`${user.full_name} (${LABEL[status].toLowerCase()})`} onClick={(e) => userClicked(user.user_id, e.currentTarget)}>
      <span class={`presence-dot ${status}`} role="img" aria-label={LABEL[status]} />
      <span class="person-name">{user.full_name}</span>
      {me && <span class="person-you">(you)</span>}
    </button>
  );
}

/**
 * The narrow the list follows: the current one, taken after the frame that shows its messages,
 * so that a switch's task draws the messages only (the list's rows come a frame later).
 */
function useNarrowAfterPaint(): Narrow {
  const [narrow, setNarrow] = useState(currentNarrow.peek());
  useEffect(() => currentNarrow.subscribe(() => requestAnimationFrame(() => setTimeout(() => setNarrow(currentNarrow.peek()), 0))), []);
  return narrow;
}

export function PeopleList() {
  const filter = useSignal("");
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const myId = session.value!.userId;
  const narrow = useNarrowAfterPaint();
  const known = channelMembers.value;
  const { members, label } = useMemo(() => membersOf(narrow, myId), [narrow, myId, known]);
  const people = sortedPeople.value;
  const text = filter.value;
  // One pass over everyone per change of people, members or filter: not per scroll frame, nor
  // when another channel's members load.
  const rows = useMemo(() => buildRows(people, members, label, text), [people, members, label, text]);

  // Back to the top when the filter changes (the matches start there).
  useEffect(() => {
    if (box.current) box.current.scrollTop = 0;
  }, [filter.value]);
  useLayoutEffect(() => {
    const el = box.current!;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const frame = useRef(0);
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = box.current;
      if (el) setView({ top: el.scrollTop, height: el.clientHeight });
    });
  };

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const shown = rows.slice(first, last);
  return (
    <div class="people-list">
      <div class="people-filter">
        <input
          type="search"
          data-testid="people-filter"
          aria-label="Filter people"
          placeholder="Filter people"
          autocomplete="off"
          value={filter.value}
          onInput={(e) => (filter.value = (e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && filter.value) {
              e.stopPropagation();
              e.preventDefault();
              filter.value = "";
            }
          }}
        />
      </div>
      <div class="people-scroll" ref={box} onScroll={onScroll} data-testid="people-scroll">
        {!usersLoaded.value && <p class="people-loading">Loading people…</p>}
        {usersLoaded.value && rows.length <= 1 && <p class="people-loading">Nobody matches.</p>}
        <div class="people-rows" style={{ height: `${rows.length * ROW_HEIGHT}px` }} role="list">
          <div style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
            {shown.map((row) =>
              row.kind === "header" ? (
                <h3 key={`h:${row.label}`} class="people-heading" role="listitem">
                  {row.label} <span class="people-count">{row.count.toLocaleString()}</span>
                </h3>
              ) : (
                <div key={row.person.user.user_id} role="listitem" class="person-item">
                  <PersonRow person={row.person} me={row.person.user.user_id === myId} />
                </div>
              ),
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
