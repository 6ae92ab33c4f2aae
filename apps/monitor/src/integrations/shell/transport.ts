// Shell: runs the direction's command on this server through /bin/sh, with the upstream's
// placeholders shell-quoted. Off unless MONITOR_SHELL_ENABLED says otherwise.
import { spawn } from "node:child_process";
import { isoSeconds } from "../../lib/dates.js";
import { tagsList } from "../../lib/tags.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { parseConfig, str } from "../form.js";
import { replacePlaceholders } from "../webhook/transport.js";
import { shellSettings } from "./settings.js";

export const shellCommands = (value: string) => {
  const doc = parseConfig(value);
  return { cmd_down: str(doc.cmd_down), cmd_up: str(doc.cmd_up) };
};

/** Python's shlex.quote: safe words as they are, anything else in single quotes. */
export function shellQuote(s: string): string {
  if (s === "") return "''";
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'"'"'`)}'`;
}

export function shellCommand(template: string, alert: AlertContext): string {
  const { check, flip } = alert;
  const ctx: [string, string][] = [
    ["$CODE", check.uuid],
    ["$STATUS", flip.new_status],
    ["$NOW", isoSeconds(flip.created)],
    ["$NAME", shellQuote(check.name)],
    ["$TAGS", shellQuote(check.tags)],
  ];
  tagsList(check.tags).forEach((tag, i) => ctx.push([`$TAG${i + 1}`, shellQuote(tag)]));
  return replacePlaceholders(template, ctx);
}

/**
 * compat: the upstream reports os.system's return value, the raw wait status: exit status 1
 * reads "exit code 256", a command killed by signal 9 "exit code 9".
 */
function run(command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? signalNumber(signal) : (code ?? 0) * 256));
  });
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };
const signalNumber = (signal: NodeJS.Signals): number => SIGNALS[signal] ?? 1;

export const shellTransport: Transport = {
  isNoop: (channel, status) => {
    const cmds = shellCommands(channel.value);
    return status === "down" ? !cmds.cmd_down : status === "up" ? !cmds.cmd_up : false;
  },
  async notify(alert) {
    if (!shellSettings.of(alert.config).enabled) throw new TransportError("Shell commands are not enabled");
    const cmds = shellCommands(alert.channel.value);
    const template = alert.flip.new_status === "up" ? cmds.cmd_up : cmds.cmd_down;
    const code = await run(shellCommand(template, alert));
    if (code !== 0) throw new TransportError(`Command returned exit code ${code}`);
  },
};
