/**
 * The dialogs' checks. Each takes its rule from the runtime's own parse function or limit (src/lib/values and
 * the nodes' settings), bundled in at build: a value the dialog accepts is one the runtime accepts, and a limit
 * is written in one place. The texts are the editor's, in the editor's language.
 */
import { ALL_DEVICES, deviceId as parseDeviceId, todoId as parseTodoId } from '../lib/values/ids';
import { fontSize as parseFontSize, pixels } from '../lib/values/display';
import { LIMITS } from '../lib/values/limits';
import { PAGE_BUDGET, pageTimeBudget } from '../lib/values/page-budget';
import { text as parseText } from '../lib/values/primitives';
import { asText, isEmpty, text } from './catalog';
import { keyState } from './account-key';

/** The property types whose value is read at message time, as the runtime reads them. */
export const EVALUATED_TYPES = ['msg', 'flow', 'global', 'env'];
const ENV_REFERENCE = /^\$\{[^}]+\}$/;

/** A check of a typed-in value: null when it passes, else the text that says why not. */
type Check = (value: string) => string | null;

/** A validator whose list of allowed values the dialog's select shows as its choices. */
export type ChoiceValidator = EditorValidator & { choices: readonly string[] };

function verdict(problem: string | null, opt?: object): boolean | string {
  if (problem === null) return true;
  return opt ? problem : false;
}

/** A runtime rule as a check: the value passes when `parse` takes it. */
function ruleCheck(parse: (value: string) => unknown, problem: () => string): Check {
  return (value) => {
    try {
      parse(value);
      return null;
    } catch {
      return problem();
    }
  };
}

function range(min: number, max: number): () => string {
  return () => text('common.validation.range', { min, max });
}

/**
 * A validator for a TypedInput value: empty is fine (the value then comes from the message); a msg/flow/global
 * property must be a valid expression; a typed-in value must pass `check`.
 */
function typedValidator(typeField: string, check: Check): EditorValidator {
  return function (this: EditorNode, value: unknown, opt?: object) {
    if (isEmpty(value)) return true;
    const type = ($(`#node-input-${typeField}`).val() as string | undefined) || (this[typeField] as string);
    let problem: string | null = null;
    if (type === 'msg' || type === 'flow' || type === 'global') {
      const result = RED.utils.validateTypedProperty(value, type, opt);
      if (result !== true) return result === false ? false : verdict(result, opt);
    } else if (!EVALUATED_TYPES.includes(type) && !ENV_REFERENCE.test(asText(value))) {
      problem = check(asText(value).trim());
    }
    return verdict(problem, opt);
  };
}

/** A select whose first choice, '', means "from the message": empty or one of `values`. */
function oneOf(values: readonly (string | number)[]): ChoiceValidator {
  const choices = values.map(String);
  const validate = function (value: unknown, opt?: object) {
    const known = isEmpty(value) || choices.includes(asText(value));
    return verdict(known ? null : text('common.validation.oneOf', { values: choices.join(', ') }), opt);
  };
  return Object.assign(validate, { choices });
}

/**
 * The device field: a MAC address (typed in or picked), a property to read it from, or empty (from
 * msg.deviceId). `allDevices`: "all" (exactly so) is every device of the account. `types`: the property
 * types offered, when not msg, flow, global and env.
 */
function deviceId(options: { allDevices?: boolean; types?: string[] } = {}): EditorValidator {
  const typed = typedValidator(
    'deviceIdType',
    ruleCheck(parseDeviceId, () => text('common.validation.mac')),
  );
  const types = options.types ?? EVALUATED_TYPES;
  return function (this: EditorNode, value: unknown, opt?: object) {
    if (options.allDevices && value === ALL_DEVICES) return true;
    const type = ($('#node-input-deviceIdType').val() as string | undefined) || (this.deviceIdType as string);
    if (EVALUATED_TYPES.includes(type) && !types.includes(type)) return false;
    return typed.call(this, value, opt);
  };
}

function todoId(): EditorValidator {
  return typedValidator(
    'todoIdType',
    ruleCheck(parseTodoId, () => text('common.validation.todoId')),
  );
}

/** A value of a plain input: empty and `${ENV}` references pass, anything else must pass `check`. */
function untypedValidator(check: Check): EditorValidator {
  return function (value: unknown, opt?: object) {
    const given = isEmpty(value) ? '' : asText(value).trim();
    if (given === '' || ENV_REFERENCE.test(given)) return true;
    return verdict(check(given), opt);
  };
}

/** A text push's font size, typed in or read from a property. */
function fontSize(typeField: string): EditorValidator {
  return typedValidator(typeField, ruleCheck(parseFontSize, range(LIMITS.fontSizeMin, LIMITS.fontSizeMax)));
}

/** A side of a picture or of a page, in pixels. */
function pixelSide(): EditorValidator {
  return untypedValidator(ruleCheck((value) => pixels(value, 'size'), range(1, LIMITS.pictureSide)));
}

/** A page's time budget in seconds; empty is the default. A number row with a spinner starts at the least. */
function timeBudget(): EditorValidator & { min: number } {
  const validate = rule(pageTimeBudget, range(PAGE_BUDGET.minSeconds, PAGE_BUDGET.maxSeconds));
  return Object.assign(validate, { min: PAGE_BUDGET.minSeconds });
}

/** A TypedInput text: a valid property, or a typed-in text of at most `max` characters (as the runtime counts them) where the service sets a limit. */
function typedText(typeField: string, max?: number): EditorValidator {
  if (max === undefined) return typedValidator(typeField, () => null);
  return typedValidator(
    typeField,
    ruleCheck(
      (value) => parseText(value, typeField, max, { allowEmpty: true }),
      () => text('common.validation.length', { max }),
    ),
  );
}

/** A number of at least `min`, required; a number row with a spinner starts at `min`. */
function atLeast(min: number): EditorValidator & { min: number } {
  const validate = function (value: unknown, opt?: object) {
    const number = Number(value);
    const fine = !isEmpty(value) && Number.isFinite(number) && number >= min;
    return verdict(fine ? null : text('common.validation.atLeast', { min }), opt);
  };
  return Object.assign(validate, { min });
}

/** A value of a plain input that `parse` takes; empty passes. */
function rule(parse: (value: string) => unknown, problem: () => string): EditorValidator {
  return untypedValidator(ruleCheck(parse, problem));
}

/**
 * The account's address, and its key: an account the editor knows to have no key (imported, or never given
 * one) is not valid, so its nodes show a red triangle before a deploy rather than failing at run time. Within
 * the account's dialog the key field speaks for itself.
 */
function baseUrl(this: EditorNode, value: unknown, opt?: object): boolean | string {
  if (!/^https?:\/\/[^\s/]+/i.test(asText(value))) return verdict(text('common.validation.baseUrl'), opt);
  const dialogOpen = $('#node-config-input-apiKey').length > 0;
  return verdict(!dialogOpen && keyState(this) === 'missing' ? text('common.validation.apiKey') : null, opt);
}

export const validators = {
  baseUrl,
  deviceId,
  todoId,
  fontSize,
  pixelSide,
  timeBudget,
  typedText,
  atLeast,
  oneOf,
  rule,
};
