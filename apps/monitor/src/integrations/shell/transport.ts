// Shell Command: runs the integration's command for the direction (cmd_down or cmd_up) with
// /bin/sh on the monitor's own machine, placeholders ($NAME, $TAG1 …) replaced, shell-quoted.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { tagsList } from "../../lib/tags.js";
import type { Channel } from "../../store/schema.js";
import { parseConfig, str } from "../form.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { shellSettings } from "./settings.js";

export interface ShellConf {
  cmd_down: string;
  cmd_up: string;
}

/** The stored value; one provisioned blank runs nothing in either direction. */
export function shellConf(value: string): ShellConf {
  const c = parseConfig(value);
  return { cmd_down: str(c.cmd_down), cmd_up: str(c.cmd_up) };
}

const commandFor = (channel: Channel, status: string) => (status === "up" ? shellConf(channel.value).cmd_up : status === "down" ? shellConf(channel.value).cmd_down : "");

/** Python's shlex.quote: words of safe characters as they are, anything else in single quotes. */
export function shellQuote(s: string): string {
  if (s === "") return "''";
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'"'"'`)}'`;
}

/**
 * The upstream's placeholder replacement: only placeholders written in the template are
 * replaced (a "$" inside a check's name never becomes one), the first match in this order wins.
 */
export function fillPlaceholders(template: string, values: [string, string][]): string {
  const [first, ...parts] = template.split("$");
  let out = first;
  for (const rest of parts) {
    let part = "$" + rest;
    const hit = values.find(([placeholder]) => part.startsWith(placeholder));
    if (hit) part = hit[1] + part.slice(hit[0].length);
    out += part;
  }
  return out;
}

export function shellCommand(alert: AlertContext): string {
  const { check, flip } = alert;
  const values: [string, string][] = [
    ["$CODE", check.uuid],
    ["$STATUS", flip.new_status],
    ["$NOW", new Date(flip.created).toISOString().replace(/\.\d{3}Z$/, "+00:00")],
    ["$NAME", shellQuote(check.name)],
    ["$TAGS", shellQuote(check.tags)],
    ...tagsList(check.tags).map((tag, i): [string, string] => [`$TAG${i + 1}`, shellQuote(tag)]),
  ];
  return fillPlaceholders(commandFor(alert.channel, flip.new_status), values);
}

/** Runs a command as os.system does and resolves to its wait status (exit code × 256, or the signal). */
function system(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: "ignore" });
    child.on("error", () => resolve(127 * 256));
    child.on("exit", (code, signal) => {
      if (signal) resolve(constants.signals[signal] ?? 1);
      else resolve((code ?? 0) * 256);
    });
  });
}

export const shellTransport: Transport = {
  isNoop: (channel, status) => commandFor(channel, status) === "",
  async notify(alert) {
    if (!shellSettings.of(alert.config).enabled) throw new TransportError("Shell commands are not enabled");
    const code = await system(shellCommand(alert));
    // compat: the upstream reports os.system's wait status, so `exit 1` reads "exit code 256".
    if (code !== 0) throw new TransportError(`Command returned exit code ${code}`);
  },
};
