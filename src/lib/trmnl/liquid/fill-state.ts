/**
 * What one filling of a page keeps beside Liquid's variables, in the render context's registers (shared with
 * the isolated contexts `{% render %}` makes, as Ruby Liquid shares its registers): the clock, the templates
 * `{% template %}` has defined so far, and the runtime errors printed into the page.
 */
import type { Context, FilterImplOptions, Template } from 'liquidjs';

export interface InlineError {
  /** Where the failing tag or output starts, in the source Liquid parsed. */
  offset: number;
  message: string;
}

export interface FillState {
  /** Milliseconds since 1970: "now" and "today" in filters. */
  now: number;
  templates: Map<string, Template[]>;
  inlineErrors: InlineError[];
}

const REGISTER = 'trmnl';

export function newFillState(now = Date.now()): FillState {
  return { now, templates: new Map(), inlineErrors: [] };
}

export function fillStateOf(context: Context): FillState {
  const state = context.getRegister<FillState | undefined>(REGISTER);
  if (state) return state;
  const made = newFillState();
  context.setRegister(REGISTER, made);
  return made;
}

export function setFillState(context: Context, state: FillState): void {
  context.setRegister(REGISTER, state);
}

/** What a filter's `this` is in liquidjs (its context, its token, the engine). */
export type FilterThis = ThisParameterType<Extract<FilterImplOptions, (...args: never[]) => unknown>>;
