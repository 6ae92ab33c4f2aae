// The people list's place in the shell: a column at the right of the messages (a drawer from the
// right on phones, ≤ 760 px), its toggle button in the top bar, and the list itself, whose code
// (people/PeopleList.tsx) loads once the first view is on screen.
import { signal } from "@preact/signals";
import type { FunctionComponent } from "preact";
import { useEffect } from "preact/hooks";
import { narrowKey } from "../../narrow/narrow";
import { currentNarrow } from "../../narrow/router";
import { firstViewShown } from "../../state/session";
import { Icon } from "../Icon";
import { onEscape } from "../keys";
import "./shell.css";

const PHONE = "(max-width: 760px)";
const isPhone = () => typeof matchMedia === "function" && matchMedia(PHONE).matches;

/** Whether the list shows: open by default on a wide screen, closed on a phone. */
export const peopleOpen = signal(!isPhone());

let List: FunctionComponent | null = null;
const loaded = signal(false);
function loadList(): void {
  if (List || loaded.peek()) return;
  void import("./PeopleList").then((m) => {
    List = m.PeopleList;
    loaded.value = true;
  });
}

export function PeopleToggle() {
  return (
    <button
      type="button"
      class="icon-button people-toggle"
      data-testid="people-toggle"
      aria-label={peopleOpen.value ? "Hide the user list" : "Show the user list"}
      title={peopleOpen.value ? "Hide the user list" : "Show the user list"}
      aria-expanded={peopleOpen.value}
      aria-controls="people"
      onClick={() => (peopleOpen.value = !peopleOpen.value)}
    >
      <Icon name="people" size={18} />
    </button>
  );
}

export function PeoplePanel() {
  const open = peopleOpen.value;
  useEffect(() => {
    if (firstViewShown.value || open) loadList();
  }, [firstViewShown.value, open]);
  // On a phone the drawer closes when a view is chosen, and with Esc.
  const key = narrowKey(currentNarrow.value);
  useEffect(() => {
    if (isPhone()) peopleOpen.value = false;
  }, [key]);
  useEffect(() => (open && isPhone() ? onEscape(() => (peopleOpen.value = false)) : undefined), [open]);
  // A window narrowed to a phone's width closes the column rather than turn it into an open drawer.
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia(PHONE);
    const narrowed = (event: MediaQueryListEvent) => {
      if (event.matches) peopleOpen.value = false;
    };
    query.addEventListener("change", narrowed);
    return () => query.removeEventListener("change", narrowed);
  }, []);
  const Loaded = loaded.value ? List : null;
  return (
    <>
      {open && <div class="people-scrim" aria-hidden="true" onClick={() => (peopleOpen.value = false)} />}
      <aside class="app-people" id="people" data-testid="people" aria-label="People" hidden={!open}>
        {Loaded ? <Loaded /> : <p class="people-loading">Loading people…</p>}
      </aside>
    </>
  );
}
