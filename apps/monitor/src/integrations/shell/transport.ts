// Shell: runs the direction's command on this server through /bin/sh. The check's values
// (name, tags, ...) never enter the command's text: they are passed as environment variables,
// and each placeholder in the text becomes a quoted reference to its variable, so the shell
// expands it as data and a check named `$(touch x)` stays a name. Off unless
// MONITOR_SHELL_ENABLED says otherwise.
import { spawn } from "node:child_process";
import { isoSeconds } from "../../lib/dates.js";
import { tagsList } from "../../lib/tags.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { parseConfig, str } from "../form.js";
import { shellSettings } from "./settings.js";

export const shellCommands = (value: string) => {
  const doc = parseConfig(value);
  return { cmd_down: str(doc.cmd_down), cmd_up: str(doc.cmd_up) };
};

/**
 * The placeholders and their values, in the upstream's matching order (hc/integrations/shell:
 * `$NAME`, `$TAGS`, `$TAG1`... each replaced by the first name the text after a `$` starts with).
 */
export function shellValues(alert: AlertContext): [string, string][] {
  const { check, flip } = alert;
  const values: [string, string][] = [
    ["CODE", check.uuid],
    ["STATUS", flip.new_status],
    ["NOW", isoSeconds(flip.created)],
    ["NAME", check.name],
    ["TAGS", check.tags],
  ];
  tagsList(check.tags).forEach((tag, i) => values.push([`TAG${i + 1}`, tag]));
  return values;
}

/**
 * The command with each placeholder turned into a reference to its environment variable,
 * quoted for where it stands so it expands to exactly one word, as the upstream's shell-quoted
 * value did: `"${NAME}"` outside quotes, `${NAME}` inside double quotes, `'"${NAME}"'` inside
 * single quotes. A command substitution (`$(…)`, backquotes) starts unquoted again inside
 * double quotes, so the quoting state is kept per nesting level.
 */
type Quote = "" | "'" | '"';

export function shellTemplate(template: string, names: readonly string[]): string {
  let out = "";
  let quote: Quote = "";
  const outer: { quote: Quote; end: ")" | "`" }[] = [];
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    const name = c === "$" ? names.find((n) => template.startsWith(n, i + 1)) : undefined;
    if (name !== undefined) {
      const ref = `\${${name}}`;
      out += quote === '"' ? ref : quote === "'" ? `'"${ref}"'` : `"${ref}"`;
      i += name.length;
      continue;
    }
    out += c;
    if (quote === "'") {
      if (c === "'") quote = "";
    } else if (c === "\\" && i + 1 < template.length) {
      out += template[++i];
    } else if (c === "(" && (quote === "" || template[i - 1] === "$")) {
      outer.push({ quote, end: ")" });
      quote = "";
    } else if (c === "`" && outer.at(-1)?.end === "`" && quote === "") {
      quote = outer.pop()!.quote;
    } else if (c === "`") {
      outer.push({ quote, end: "`" });
      quote = "";
    } else if (c === ")" && quote === "" && outer.at(-1)?.end === ")") {
      quote = outer.pop()!.quote;
    } else if (c === '"') {
      quote = quote === '"' ? "" : '"';
    } else if (c === "'" && quote === "") {
      quote = "'";
    }
  }
  return out;
}

/** The command to run and the variables it reads. NUL cannot be in an environment value. */
export function shellCommand(template: string, alert: AlertContext): { command: string; env: Record<string, string> } {
  const values = shellValues(alert);
  const env = Object.fromEntries(values.map(([name, value]) => [name, value.replace(/\0/g, "")]));
  return { command: shellTemplate(template, values.map(([name]) => name)), env };
}

/**
 * compat: the upstream reports os.system's return value, the raw wait status: exit status 1
 * reads "exit code 256", a command killed by signal 9 "exit code 9".
 */
function run({ command, env }: { command: string; env: Record<string, string> }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], { stdio: "ignore", env: { ...process.env, ...env } });
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
