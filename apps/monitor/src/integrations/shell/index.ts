// Shell Command: runs a command on the monitor's machine when a check goes down or up
// (transport.ts). Off unless MONITOR_SHELL_ENABLED is set, as upstream. Stored as
// {"cmd_down": …, "cmd_up": …} (either may be blank: nothing runs for that direction).
import { defineKind } from "../kind.js";
import { str } from "../form.js";
import { jsonObject } from "../values.js";
import { shellSettings } from "./settings.js";
import { shellConf, shellTransport } from "./transport.js";

const MAX_CMD = 1000;

function command(v: unknown, what: string): string {
  if (v === undefined) return "";
  if (typeof v !== "string") throw new Error(`${what} must be a string`);
  if (v.length > MAX_CMD) throw new Error(`${what} must be at most ${MAX_CMD} characters`);
  return v;
}

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  return JSON.stringify({ cmd_down: command(doc.cmd_down, "cmd_down"), cmd_up: command(doc.cmd_up, "cmd_up") });
}

const PLACEHOLDERS = "Placeholders: $CODE (the check's UUID), $NAME, $STATUS (up or down), $NOW (UTC, ISO 8601), $TAGS, $TAG1, $TAG2 …";

export const shell = defineKind({
  kind: "shell",
  title: "Shell Command",
  blurb: "Runs a command on this server when a check goes down or up.",
  icon: { color: "#343a40", glyph: `<path d="m6 8 4 4-4 4M12 17h6"/>` },
  settings: shellSettings,
  transport: shellTransport,
  checkValue,
  summary(channel) {
    const conf = shellConf(channel.value);
    return [conf.cmd_down && `down: ${conf.cmd_down}`, conf.cmd_up && `up: ${conf.cmd_up}`].filter(Boolean).join(", ");
  },
  setup: {
    form: {
      fields: [
        { name: "cmd_down", label: "Execute when a check goes down", type: "textarea", placeholder: '/home/user/notify.sh "$NAME has gone down"', help: PLACEHOLDERS },
        { name: "cmd_up", label: "Execute when a check goes up", type: "textarea", placeholder: '/home/user/notify.sh "$NAME is back up"' },
      ],
      build(v) {
        for (const name of ["cmd_down", "cmd_up"]) {
          const length = str(v[name]).length;
          if (length > MAX_CMD) return { error: `Ensure this value has at most ${MAX_CMD} characters (it has ${length}).` };
        }
        return { ok: { cmd_down: str(v.cmd_down), cmd_up: str(v.cmd_up) } };
      },
      read: (value) => ({ ...shellConf(value) }),
    },
  },
});
