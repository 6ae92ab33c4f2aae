// A direct message's recipients as pills: a name picked from the typeahead (or typed in full, or
// an email, then Enter or a comma) becomes a pill; Backspace in the empty field removes the last
// one, each pill's × removes it.
import { setDraft, type Draft } from "../../state/compose";
import { displayName, findUser } from "../../state/users";
import { typeaheadClose, typeaheadInput, typeaheadKeyDown } from "./typeahead-host";

/** Turns what was typed (names or emails, comma-separated) into pills; what matches nobody stays typed. */
export function commitTyped(d: Draft): void {
  const pieces = d.to.split(",").map((s) => s.trim()).filter(Boolean);
  if (!pieces.length) return;
  const ids = [...d.dmIds];
  const unknown: string[] = [];
  for (const piece of pieces) {
    const user = findUser(piece);
    if (!user) unknown.push(piece);
    else if (!ids.includes(user.user_id)) ids.push(user.user_id);
  }
  setDraft({ dmIds: ids, to: unknown.join(", ") });
}

export function Recipients({ draft: d, onDone }: { draft: Draft; onDone: () => void }) {
  const remove = (id: number) => setDraft({ dmIds: d.dmIds.filter((x) => x !== id) });
  const onKeyDown = (event: KeyboardEvent) => {
    if (typeaheadKeyDown(event)) return;
    const field = event.currentTarget as HTMLInputElement;
    if (event.key === "Backspace" && field.selectionStart === 0 && field.selectionEnd === 0 && d.dmIds.length) {
      event.preventDefault();
      remove(d.dmIds.at(-1)!);
    } else if (event.key === "," && field.value.trim()) {
      event.preventDefault();
      commitTyped(d);
    } else if (event.key === "Enter" && !event.isComposing) {
      // Enter goes on to the message, as in Zulip, once what was typed is a pill.
      event.preventDefault();
      commitTyped(d);
      onDone();
    }
  };
  return (
    <div class="compose-pills" data-testid="recipients" onClick={(e) => (e.currentTarget as HTMLElement).querySelector("input")?.focus()}>
      {d.dmIds.map((id) => (
        <span class="pill" key={id} data-testid="recipient-pill" data-user-id={id}>
          {displayName(id)}
          <button type="button" aria-label={`Remove ${displayName(id)}`} onClick={() => remove(id)}>
            ×
          </button>
        </span>
      ))}
      <input
        name="to"
        aria-label="To: add people by name or email"
        placeholder={d.dmIds.length ? "" : "To: name or email"}
        autocomplete="off"
        value={d.to}
        onInput={(e) => {
          setDraft({ to: e.currentTarget.value });
          typeaheadInput(e.currentTarget, "to");
        }}
        onFocus={(e) => typeaheadInput(e.currentTarget, "to")}
        onKeyDown={onKeyDown}
        onBlur={typeaheadClose}
      />
    </div>
  );
}
