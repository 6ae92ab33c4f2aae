// Apprise: the upstream calls the apprise library in-process; Beacon runs the apprise command
// (its CLI, from the same package) with the stored Apprise URL(s), the title, a notification
// type (failure when down, success when up), and the body on standard input.
import { execFile } from "node:child_process";
import { formatDurationForSentence, nameThenCode, reasonLong } from "../text.js";
import { TransportError, type AlertContext, type Transport } from "../alert.js";
import { appriseSettings } from "./settings.js";

/** How long one run of the command may take. */
const TIMEOUT_MS = 60_000;
const NOT_AVAILABLE = "Apprise is disabled and/or not installed";

export const appriseTitle = (alert: AlertContext) => `${nameThenCode(alert.check)} is ${alert.flip.new_status.toUpperCase()}`;

export function appriseBody(alert: AlertContext): string {
  const { flip } = alert;
  if (flip.new_status === "down") return flip.reason ? `Reason: ${reasonLong(flip.reason)}.` : "";
  return alert.downDuration ? `The downtime lasted ${formatDurationForSentence(alert.downDuration)}.` : "";
}

/** The arguments of one run: "--" keeps a URL that starts with "-" from reading as an option. */
export function appriseArgs(title: string, status: string, urls: string): string[] {
  return ["--title", title, "--notification-type", status === "up" ? "success" : "failure", "--", urls];
}

function run(command: string, args: string[], stdin: string): Promise<{ missing: boolean; code: number | null }> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (error) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === "ENOENT" || code === "EACCES") resolve({ missing: true, code: null });
      else resolve({ missing: false, code: error ? (typeof code === "number" ? code : 1) : 0 });
    });
    child.stdin?.on("error", () => {});
    child.stdin?.end(stdin);
  });
}

export const appriseTransport: Transport = {
  isNoop: () => false,
  async notify(alert) {
    const { enabled, command } = appriseSettings.of(alert.config);
    if (!enabled) throw new TransportError(NOT_AVAILABLE);
    const result = await run(command, appriseArgs(appriseTitle(alert), alert.flip.new_status, alert.channel.value), appriseBody(alert));
    if (result.missing) throw new TransportError(NOT_AVAILABLE);
    if (result.code !== 0) throw new TransportError("Failed");
  },
};
