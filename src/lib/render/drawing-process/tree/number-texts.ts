/**
 * The texts a number may be written as where it is formatted (`data-number-format`, TRMNL's `data-value-format`):
 * whole in its locale, then, from 1000 up, divided by the first of a billion (B), a million (M) and a thousand (k)
 * it reaches, with 2, 1, then 0 fraction digits. Each keeps the sign and currency sign written before the digits.
 */

const CURRENCY = /[$€£¥₹₽₪₩₫₴₱₿]/;
const DEFAULT_LOCALE = 'en-US';
const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Whether `locale` is a locale the number formatting reads (a well-formed language tag). */
export function isLocale(locale: string): boolean {
  try {
    new Intl.NumberFormat(locale);
    return true;
  } catch {
    return false;
  }
}

/** The locale a number is written in: the one given, or en-US where none is given or it is none. */
export function numberLocale(written: string | undefined): string {
  const locale = written?.trim() ?? '';
  return locale !== '' && isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** A number as written in `locale` (its group and decimal signs, anything else but digits and signs left out), or NaN. */
export function readNumber(text: string, locale: string): number {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const group = parts.find((part) => part.type === 'group')?.value;
  const decimal = parts.find((part) => part.type === 'decimal')?.value;
  let normalized = text.trim();
  if (group) normalized = normalized.split(group).join('');
  normalized = normalized.replace(/[\s\u00a0\u202f]/g, '');
  if (decimal && decimal !== '.') normalized = normalized.split(decimal).join('.');
  return Number.parseFloat(normalized.replace(/[^0-9+.-]/g, ''));
}

/**
 * The texts `text` may be written as, the whole number first, then its shorter forms (none below 1000); undefined
 * where it holds no number.
 */
export function numberTexts(text: string, locale: string): string[] | undefined {
  const number = readNumber(text, locale);
  if (Number.isNaN(number)) return undefined;
  const prefix = `${number < 0 ? '-' : ''}${CURRENCY.exec(text)?.[0] ?? ''}`;
  const size = Math.abs(number);
  const texts = [prefix + size.toLocaleString(locale)];
  const unit = UNITS.find(([divisor]) => size >= divisor);
  if (!unit) return texts;
  const [divisor, suffix] = unit;
  for (const digits of [2, 1, 0]) {
    const written = (size / divisor).toLocaleString(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    texts.push(`${prefix}${written}${suffix}`);
  }
  return texts;
}
