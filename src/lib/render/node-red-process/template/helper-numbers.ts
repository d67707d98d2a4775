/**
 * The `number` helper: a number rounded to the digits asked for and grouped as the page's language writes it, with
 * its unit (one Intl knows, as the language writes it; any other after a no-break space, or right after the number
 * for `%`, `°C` and the like).
 */
import { HelperProblem, type HelperContext } from './helper-context';
import { formatter } from './intl-formatters';

/** Units written right after the number, without a space. */
const CLOSE_UNITS = new Set(['%', '‰', '°', '°C', '°F', '′', '″']);
const NBSP = '\u00a0';

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) return undefined;
  return Number(value);
}

/** Units Intl writes itself, as the page's language writes them (`celsius`, `percent`, `kilometer-per-hour`…). */
function intlUnit(unit: string): boolean {
  if (!/^[a-z]+(-[a-z]+)*$/.test(unit)) return false;
  try {
    formatter(Intl.NumberFormat, 'en', { style: 'unit', unit });
    return true;
  } catch {
    return false;
  }
}

export function number(value: unknown, args: string[], context: HelperContext): unknown {
  const read = readNumber(value);
  if (read === undefined) return value;
  const [digitsText, ...unitWords] = args;
  const digits = digitsText === undefined ? 0 : /^\d{1,2}$/.test(digitsText) ? Number(digitsText) : NaN;
  if (!(digits >= 0 && digits <= 20)) {
    throw new HelperProblem(
      `the helper number takes the digits after the point, 0 to 20 (not ${JSON.stringify(digitsText)})`,
    );
  }
  const unit = unitWords.join(' ');
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (unit !== '' && intlUnit(unit)) {
    return formatter(Intl.NumberFormat, context.language, { ...options, style: 'unit', unit }).format(read);
  }
  const text = formatter(Intl.NumberFormat, context.language, options).format(read);
  if (unit === '') return text;
  return CLOSE_UNITS.has(unit) ? `${text}${unit}` : `${text}${NBSP}${unit}`;
}
