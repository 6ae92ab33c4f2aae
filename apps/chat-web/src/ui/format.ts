// Times and names as the message view shows them, in the user's zone and clock.
import { channelCollator } from "../state/channels";
import { session } from "../state/session";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "time" | "date" | "full"): Intl.DateTimeFormat {
  const s = session.peek();
  const zone = s?.timezone || undefined;
  const hour12 = !s?.twentyFourHourTime;
  // Keyed by what the kind depends on: making a format costs milliseconds, so the one made
  // before /register answered (warmUpLocaleData) serves the first view when it can.
  const key = kind === "date" ? `date|${zone}` : `${kind}|${zone}|${hour12}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "time"
        ? { hour: "numeric", minute: "2-digit", hour12 }
        : kind === "date"
          ? { weekday: "short", month: "short", day: "numeric", year: "numeric" }
          : { dateStyle: "full", timeStyle: "short", hour12 };
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
 * on a slow machine, and each further format costs a few more. Called while the app waits for
 * the server, so the first view doesn't: it makes the channel list's collator, and the message
 * list's formats (dates, times, tooltips) in the browser's zone and a 12-hour clock (the user's
 * settings are unknown until /register answers: another zone or clock gets its own then).
 */
export function warmUpLocaleData(): void {
  channelCollator().compare("a", "b");
  formatDate(0);
  formatTime(0);
  formatFull(0);
}
