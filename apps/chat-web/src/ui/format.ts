// Times and names as the message view shows them, in the user's zone and clock.
import { channelCollator } from "../state/channels";
import { session } from "../state/session";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "time" | "date" | "full"): Intl.DateTimeFormat {
  const s = session.peek();
  const zone = s?.timezone || undefined;
  const key = `${kind}|${zone}|${s?.twentyFourHourTime}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "time"
        ? { hour: "numeric", minute: "2-digit", hour12: !s?.twentyFourHourTime }
        : kind === "date"
          ? { weekday: "short", month: "short", day: "numeric", year: "numeric" }
          : { dateStyle: "full", timeStyle: "short", hour12: !s?.twentyFourHourTime };
    try {
      f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    } catch {
      f = new Intl.DateTimeFormat(undefined, options); // an unknown zone name: the browser's
    }
    formatters.set(key, f);
  }
  return f;
}

export const formatTime = (seconds: number) => formatter("time").format(seconds * 1000);
export const formatDate = (seconds: number) => formatter("date").format(seconds * 1000);
export const formatFull = (seconds: number) => formatter("full").format(seconds * 1000);

/**
 * The first date format or collator a new page makes loads the browser's locale data: 30–90 ms
 * on a slow machine. Called while the app waits for the server, so the first view doesn't:
 * it makes the channel list's collator, and a date format (in the browser's zone and clock,
 * the user's being unknown until /register answers; the first view makes its own).
 */
export function warmUpLocaleData(): void {
  channelCollator().compare("a", "b");
  formatDate(0);
}
