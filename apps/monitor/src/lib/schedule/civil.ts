// Proleptic Gregorian calendar arithmetic on plain numbers. Schedules walk wall-clock time as
// "wall seconds": days since 1970-01-01 times 86400 plus the second of the day, with no zone
// attached, the way Python's naive datetimes behave.

export const DAY = 86_400;

/** Floor modulo: the result has the sign of the divisor, so pre-1970 values split correctly. */
export function mod(a: number, n: number): number {
  const r = a % n;
  return r < 0 ? r + n : r;
}

/** Days since 1970-01-01 for a calendar date (month 1–12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Shift the year to start in March so that the leap day is the last day of the year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_LENGTHS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month];
}

/** Day of the week with Sunday = 0 … Saturday = 6 (cron numbering). */
export function weekdaySun0(days: number): number {
  return mod(days + 4, 7);
}

/** Day of the week with Monday = 0 … Sunday = 6 (Python's `date.weekday()`). */
export function weekdayMon0(days: number): number {
  return mod(days + 3, 7);
}

export function wallFromParts(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * DAY + hour * 3600 + minute * 60 + second;
}
