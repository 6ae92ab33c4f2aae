// Shell commands: a command per direction, run on this server (transport.ts). Stored as
// {"cmd_down": …, "cmd_up": …} (the upstream's keys, sorted); offered only when the operator
// turns MONITOR_SHELL_ENABLED on, since whoever may edit a project may run commands.
import { defineKind } from "../kind.js";
import { str } from "../form.js";
import { isObject, parseJson } from "../values.js";
import { shellSettings } from "./settings.js";
import { shellCommands, shellTransport } from "./transport.js";

const MAX = 1000;

function commands(down: string, up: string): { ok: Record<string, unknown> } | { error: string } {
  for (const [what, cmd] of [["down", down], ["up", up]]) {
    if ([...cmd].length > MAX) return { error: `The command to run when a check goes ${what} may be at most ${MAX} characters long.` };
  }
  return { ok: { cmd_down: down, cmd_up: up } };
}

function checkValue(raw: string): string {
  const doc = parseJson(raw);
  if (!isObject(doc)) throw new Error("--value must be a JSON object");
  for (const key of ["cmd_down", "cmd_up"]) if (doc[key] !== undefined && typeof doc[key] !== "string") throw new Error(`${key} must be a string`);
  const built = commands(str(doc.cmd_down), str(doc.cmd_up));
  if ("error" in built) throw new Error(built.error);
  return JSON.stringify(built.ok);
}

export const shell = defineKind({
  kind: "shell",
  title: "Shell Command",
  blurb: "Runs a command on this server when a check goes down or up.",
  icon: { color: "#2d3440", glyph: `<path d="M6.5 8.5 10 12l-3.5 3.5M12 16h5.5"/>` },
  settings: shellSettings,
  transport: shellTransport,
  checkValue,
  summary: (channel) => {
    const { cmd_down, cmd_up } = shellCommands(channel.value);
    return (cmd_down || cmd_up).slice(0, 60);
  },
  setup: {
    form: {
      fields: [
        { name: "cmd_down", label: "Execute when a check goes down", type: "textarea", placeholder: '/home/user/notify.sh "$NAME has gone down"', help: "Placeholders: $CODE, $NAME, $NOW, $STATUS, $TAGS, $TAG1, $TAG2… Each is passed as an environment variable and expands to one word; a check's name is never run as a command." },
        { name: "cmd_up", label: "Execute when a check goes up", type: "textarea", placeholder: '/home/user/notify.sh "$NAME is back up"' },
      ],
      build: (v) => commands(str(v.cmd_down), str(v.cmd_up)),
      read: (value) => shellCommands(value),
    },
  },
});
