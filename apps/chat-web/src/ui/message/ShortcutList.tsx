// The `?` dialog: every shortcut registered with a description (ui/keys.ts), by group, keys that
// do the same thing on one line ("j / ↓"). Other parts of the app register theirs; all show.
import { Fragment } from "preact";
import { describedShortcuts } from "../keys";
import { Modal } from "../overlays";
import "./dialogs.css";

const KEY_NAMES: Record<string, string> = { ArrowDown: "↓", ArrowUp: "↑", ArrowLeft: "←", ArrowRight: "→", Escape: "Esc", Enter: "Enter", " ": "Space" };

export function shortcutGroups(): Map<string, { keys: string[]; description: string }[]> {
  const groups = new Map<string, { keys: string[]; description: string }[]>();
  for (const s of describedShortcuts()) {
    const group = s.group ?? "Other";
    const rows = groups.get(group) ?? [];
    const same = rows.find((r) => r.description === s.description);
    const key = KEY_NAMES[s.key] ?? s.key;
    if (same) {
      if (!same.keys.includes(key)) same.keys.push(key);
    } else rows.push({ keys: [key], description: s.description! });
    groups.set(group, rows);
  }
  return groups;
}

export default function ShortcutList() {
  return (
    <Modal title="Keyboard shortcuts" testId="shortcut-list">
      {[...shortcutGroups()].map(([group, rows]) => (
        <section key={group} class="shortcut-group">
          <h3>{group}</h3>
          <table>
            <tbody>
              {rows.map((r) => (
                <tr key={r.description}>
                  <td class="shortcut-keys">
                    {r.keys.map((k, i) => (
                      <Fragment key={k}>
                        {i > 0 && <span class="muted"> or </span>}
                        <kbd>{k}</kbd>
                      </Fragment>
                    ))}
                  </td>
                  <td>{r.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </Modal>
  );
}
