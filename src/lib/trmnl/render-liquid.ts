/**
 * Parsed Liquid rendered with variables, as TRMNL renders it: runtime errors printed inline (where Ruby prints them)
 * and returned as warnings naming the file, line and column; past the time budget, an error naming the file.
 */
import { Context } from 'liquidjs';
import { parseLiquid, placeInView, type CompiledView } from './compile';
import { trmnlLiquid } from './liquid/engine';
import { newFillState, setFillState, type FillState } from './liquid/fill-state';
import { isBudgetExceeded, liquidMessage } from './liquid/inline-errors';
import { RecipeError, placeText } from './recipe-error';

/** Time filling one page may take (Liquid has loops); past it the page is an error. */
export const DEFAULT_FILL_BUDGET_MS = 2000;
/**
 * What filling one page may allocate, in liquidjs's count (elements of ranges and lists, characters of strings
 * made by filters): `(1..100000000)` is refused before it is made, not after it has filled the memory.
 */
export const FILL_MEMORY_LIMIT = 50_000_000;
/** Runtime errors listed as warnings, one for each place; the rest are counted. */
const LISTED_ERRORS = 10;

export interface RenderOptions {
  /** Milliseconds since 1970 for "now" (the clock when not given). */
  now?: number;
  budgetMs?: number;
}

export interface Rendered {
  output: string;
  /** The runtime errors, one for each place (printed into the output, unless Ruby prints nothing there). */
  warnings: string[];
}

function errorWarnings(parsed: Pick<CompiledView, 'parts'>, state: FillState): string[] {
  const byPlace = new Map<string, string>();
  for (const error of state.inlineErrors) {
    const place = placeText(placeInView(parsed, error.offset));
    if (!byPlace.has(place)) byPlace.set(place, `${place}: Liquid error: ${error.message}`);
  }
  const listed = [...byPlace.values()];
  if (listed.length <= LISTED_ERRORS) return listed;
  return [...listed.slice(0, LISTED_ERRORS), `and Liquid errors in ${listed.length - LISTED_ERRORS} more places`];
}

export function renderParsed(
  parsed: Pick<CompiledView, 'templates' | 'parts'>,
  variables: Record<string, unknown>,
  options: RenderOptions = {},
): Rendered {
  const liquid = trmnlLiquid();
  const budgetMs = options.budgetMs ?? DEFAULT_FILL_BUDGET_MS;
  const context = new Context(variables, liquid.options, {
    sync: true,
    renderLimit: budgetMs,
    memoryLimit: FILL_MEMORY_LIMIT,
  });
  const state = newFillState(options.now ?? Date.now());
  setFillState(context, state);
  let output: string;
  try {
    output = liquid.renderSync(parsed.templates, context) as string;
  } catch (error) {
    const file = parsed.parts[parsed.parts.length - 1].file.name;
    if (isBudgetExceeded(error)) {
      const memory = /^memory/.test(liquidMessage(error));
      throw new RecipeError(
        { file },
        memory
          ? `filling the page needed more than ${FILL_MEMORY_LIMIT} elements and characters`
          : `filling the page took more than ${budgetMs} ms`,
      );
    }
    throw new RecipeError({ file }, `Liquid error: ${liquidMessage(error)}`);
  }
  return { output, warnings: errorWarnings(parsed, state) };
}

/** A text of Liquid (a file's, named in errors) rendered with variables. */
export function renderLiquid(
  text: string,
  variables: Record<string, unknown>,
  options: RenderOptions & { file?: string } = {},
): Rendered {
  return renderParsed(parseLiquid([{ name: options.file ?? 'markup', text }]), variables, options);
}
