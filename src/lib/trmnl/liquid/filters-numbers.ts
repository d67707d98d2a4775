/**
 * Number filters as Ruby Liquid and TRMNL run them. Arithmetic reads its operands with Liquid's `to_number`
 * ("abc" is 0, not NaN); two integers divide as integers (7 / 2 is 3), unless either is written with a decimal
 * point (`divided_by: 2.0`); dividing an integer by zero is the error "divided by 0". TRMNL's
 * `number_with_delimiter` and `number_to_currency` are as Rails writes them (TRMNL renders with Rails), a
 * locale's currency from Intl.
 */
import type { FilterThis } from './fill-state';
import { supportedLocale } from './locale-words';
import { rubyToI, rubyToS, tidyFloat, toNumber } from './ruby-values';

/** The operand was written with a decimal point, or is a fraction: Ruby reads it as a Float. */
function isFloat(value: unknown, written?: string): boolean {
  if (written !== undefined && /^-?\d+\.\d+$/.test(written)) return true;
  if (typeof value === 'number') return !Number.isInteger(value);
  return typeof value === 'string' && /^\s*-?\d+\.\d+\s*$/.test(value);
}

function writtenArgument(filter: FilterThis, index = 0): string | undefined {
  const arg = filter.token.args[index];
  return arg && !Array.isArray(arg) ? arg.getText() : undefined;
}

function divide(filter: FilterThis, input: unknown, operand: unknown, remainder: boolean): number {
  const [a, b] = [toNumber(input), toNumber(operand)];
  const floats = isFloat(input) || isFloat(operand, writtenArgument(filter));
  if (!floats && b === 0) throw new Error('divided by 0');
  if (remainder) return tidyFloat(a - b * Math.floor(a / b));
  return floats ? tidyFloat(a / b) : Math.floor(a / b);
}

function roundHalfAway(value: number, digits: number): number {
  const scale = 10 ** digits;
  return tidyFloat((Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale);
}

export const ARITHMETIC_FILTERS = {
  plus: (input: unknown, operand: unknown) => tidyFloat(toNumber(input) + toNumber(operand)),
  minus: (input: unknown, operand: unknown) => tidyFloat(toNumber(input) - toNumber(operand)),
  times: (input: unknown, operand: unknown) => tidyFloat(toNumber(input) * toNumber(operand)),
  divided_by(this: FilterThis, input: unknown, operand: unknown) {
    return divide(this, input, operand, false);
  },
  modulo(this: FilterThis, input: unknown, operand: unknown) {
    return divide(this, input, operand, true);
  },
  abs: (input: unknown) => Math.abs(toNumber(input)),
  ceil: (input: unknown) => Math.ceil(toNumber(input)),
  floor: (input: unknown) => Math.floor(toNumber(input)),
  round: (input: unknown, digits: unknown = 0) => roundHalfAway(toNumber(input), rubyToI(digits)),
  at_least: (input: unknown, least: unknown) => Math.max(toNumber(input), toNumber(least)),
  at_most: (input: unknown, most: unknown) => Math.min(toNumber(input), toNumber(most)),
};

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Thousands marked ("1,234.567"); anything that is not a plain number is given back as it is. */
function number_with_delimiter(input: unknown, delimiter: unknown = ',', separator: unknown = '.'): string {
  const text = rubyToS(input);
  if (!NUMERIC.test(text)) return text;
  const [whole, fraction] = text.split('.');
  const marked = whole.replace(/(\d)(?=(\d{3})+$)/g, `$1${rubyToS(delimiter)}`);
  return fraction === undefined ? marked : `${marked}${rubyToS(separator)}${fraction}`;
}

/** The currency of each country whose locale a recipe may name (`number_to_currency: "sv"`). */
const CURRENCIES: Record<string, string> = Object.fromEntries(
  (
    'US:USD GB:GBP IE:EUR DE:EUR AT:EUR FR:EUR ES:EUR IT:EUR NL:EUR BE:EUR PT:EUR FI:EUR GR:EUR SK:EUR SI:EUR ' +
    'LT:EUR LV:EUR EE:EUR LU:EUR MT:EUR CY:EUR HR:EUR SE:SEK DK:DKK NO:NOK IS:ISK PL:PLN CZ:CZK HU:HUF RO:RON ' +
    'BG:BGN CH:CHF RU:RUB UA:UAH TR:TRY IL:ILS JP:JPY KR:KRW CN:CNY HK:HKD TW:TWD SG:SGD IN:INR ID:IDR TH:THB ' +
    'VN:VND MY:MYR PH:PHP BR:BRL MX:MXN AR:ARS CL:CLP CO:COP CA:CAD AU:AUD NZ:NZD ZA:ZAR EG:EGP SA:SAR AE:AED'
  )
    .split(' ')
    .map((pair): [string, string] => [pair.slice(0, 2), pair.slice(3)]),
);

/** A locale's currency sign and where it stands ("%n %u" for Swedish), from Intl. */
function localeCurrency(name: string): { unit: string; pattern: string } | undefined {
  const locale = /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(name) ? supportedLocale(name) : undefined;
  if (!locale) return undefined;
  const region = new Intl.Locale(locale).maximize().region ?? '';
  const currency = CURRENCIES[region];
  if (!currency) return undefined;
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
  const unit = parts.find((part) => part.type === 'currency')?.value ?? currency;
  const pattern = parts
    .map((part) => (part.type === 'currency' ? '%u' : part.type === 'literal' ? part.value.replace(/\s/g, ' ') : '%n'))
    .join('')
    .replace(/(%n)+/g, '%n');
  return { unit, pattern };
}

/** An amount with a currency sign, rounded to `precision` digits, as Rails writes it ("$10,420.00"). */
function number_to_currency(
  input: unknown,
  unitOrLocale: unknown = '$',
  delimiter: unknown = ',',
  separator: unknown = '.',
  precision: unknown = 2,
): string {
  const digits = Math.max(0, rubyToI(precision));
  const text = rubyToS(input).trim();
  const currency = localeCurrency(rubyToS(unitOrLocale)) ?? { unit: rubyToS(unitOrLocale), pattern: '%u%n' };
  if (!NUMERIC.test(text) && typeof input !== 'number')
    return currency.pattern.replace('%u', currency.unit).replace('%n', text);
  const amount = toNumber(input);
  const rounded = (Math.round(Math.abs(amount) * 10 ** digits) / 10 ** digits).toFixed(digits);
  const number = number_with_delimiter(rounded, delimiter, separator);
  const written = currency.pattern.replace('%u', currency.unit).replace('%n', number);
  return amount < 0 && Number(rounded) !== 0 ? `-${written}` : written;
}

/** Each element as Ruby's `to_i` reads it ("a" is 0). */
function map_to_i(input: unknown): number[] {
  const list = Array.isArray(input) ? input : input === null || input === undefined ? [] : [input];
  return list.map(rubyToI);
}

export const NUMBER_FILTERS = { ...ARITHMETIC_FILTERS, number_with_delimiter, number_to_currency, map_to_i };
