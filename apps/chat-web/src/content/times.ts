// <time datetime="…Z"> widgets: the instant the sender wrote, shown in the viewer's time zone.
// The sender's own words stay available in the tooltip.
import type { ContentContext, ContentLabels } from "./context";
import { icon } from "./icons";

interface Formats {
  short: Intl.DateTimeFormat;
  long: Intl.DateTimeFormat;
}

const cache = new Map<string, Formats>();

function formats(ctx: ContentContext): Formats {
  const key = `${ctx.locale ?? ""}|${ctx.timeZone ?? ""}|${ctx.twentyFourHourTime ?? ""}`;
  let found = cache.get(key);
  if (!found) {
    const hourCycle = ctx.twentyFourHourTime === undefined ? undefined : ctx.twentyFourHourTime ? "h23" : "h12";
    const make = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
      try {
        return new Intl.DateTimeFormat(ctx.locale, { ...options, hourCycle, timeZone: ctx.timeZone });
      } catch {
        // An unknown time zone or locale from settings: the browser's own.
        return new Intl.DateTimeFormat(undefined, { ...options, hourCycle });
      }
    };
    found = {
      short: make({ weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }),
      long: make({ dateStyle: "full", timeStyle: "long" }),
    };
    cache.set(key, found);
  }
  return found;
}

export function enhanceTimes(root: ParentNode, ctx: ContentContext, labels: ContentLabels): void {
  const times = root.querySelectorAll<HTMLTimeElement>("time[datetime]");
  if (times.length === 0) return;
  const { short, long } = formats(ctx);
  for (const time of times) {
    const date = new Date(time.dateTime);
    if (Number.isNaN(date.getTime())) continue;
    // Kept on the element so a second pass (a settings change) starts from the sender's text.
    const written = (time.dataset.written ??= time.textContent ?? "");
    time.replaceChildren(icon("clock", "time-icon"), document.createTextNode(short.format(date)));
    time.title = `${long.format(date)}\n${labels.timeTitle.replace("{text}", written)}`;
  }
}
