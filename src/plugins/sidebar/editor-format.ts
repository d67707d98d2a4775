/** How the sidebar writes a time and shapes a screen: pure, for the browser. */
import { DEFAULT_SCREEN } from '../../lib/values/display';

/** A page's box: the common device's screen, its text drawn at the screen's scale (a font size in screen pixels). */
export function screenBox(): Record<string, string> {
  return {
    'aspect-ratio': `${DEFAULT_SCREEN.width} / ${DEFAULT_SCREEN.height}`,
    '--device-cloud-screen-width': String(DEFAULT_SCREEN.width),
  };
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago" in the editor's language. */
export function timeAgo(then: Date, now: Date, language: string | undefined): string {
  const format = new Intl.RelativeTimeFormat(language || 'en', { numeric: 'auto' });
  let amount = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(amount) < 10) return format.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(amount, unit);
    amount = Math.round(amount / size);
  }
  return format.format(amount, 'year');
}
