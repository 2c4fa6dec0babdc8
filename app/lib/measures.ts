/**
 * Sizes and durations in the user's language, for figures that run from bytes to gigabytes and from
 * seconds to weeks (memory, a database, an uptime). A file's size on a card keeps its own kB/MB form
 * (app/candidates/card/files.ts); this is the same rule, number first, then the unit, with a no-break space.
 */

const KB = 1024;
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** "512 byte", "340 kB", "1.3 MB", "2.45 GB": binary multiples, at most three significant digits. */
export function formatBytes(bytes: number, locale: string): string {
  let index = 0;
  let value = Math.max(0, bytes);
  while (value >= KB && index < UNITS.length - 1) {
    value /= KB;
    index++;
  }
  const digits = index === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return numberThenUnit(value, UNITS[index]!, locale, digits);
}

/** "2 d 3 h", "5 h 12 min", "42 s": the two largest units of a span of time (ms). */
export function formatDuration(ms: number, locale: string): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts: Array<[number, 'day' | 'hour' | 'minute' | 'second']> = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor(seconds / 3600) % 24, 'hour'],
    [Math.floor(seconds / 60) % 60, 'minute'],
    [seconds % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return numberThenUnit(0, 'second', locale, 0);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => numberThenUnit(n, unit, locale, 0))
    .join(' ');
}

/** Seconds with up to one decimal: "0.4 s", "12 s". */
export function formatSeconds(seconds: number, locale: string): string {
  return numberThenUnit(seconds, 'second', locale, seconds < 10 ? 1 : 0);
}

/** How long ago a moment was, in words ("5 minutes ago", "yesterday"). */
export function formatAgo(at: number, now: number, locale: string): string {
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, {numeric: 'auto'});
  // ICU's Hebrew says one unit as "לפני דקה (1)": the word alone says it.
  const format = {format: (n: number, unit: Intl.RelativeTimeFormatUnit) => rtf.format(n, unit).replace(/\s*\(1\)$/, '')};
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

function numberThenUnit(value: number, unit: string, locale: string, digits: number): string {
  const parts = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).formatToParts(value);
  const number = parts.filter(p => ['integer', 'group', 'decimal', 'fraction'].includes(p.type)).map(p => p.value);
  const text = parts.find(p => p.type === 'unit')?.value ?? '';
  // Some forms are one word ("יומיים", two days): then the language's own wording, as it is.
  if (number.length === 0)
    return parts
      .map(p => p.value)
      .join('')
      .trim();
  return `${number.join('')}\u00a0${text}`;
}
