/**
 * `{{ … }}` read as Ruby Liquid's lax mode reads it, where liquidjs refuses it or reads it otherwise: the first
 * fragment is the value, and each `| name: args` after it a filter; anything else is ignored. So a JavaScript
 * comment such as `{{[key: string]: any}}` in a recipe's script prints nothing instead of failing the recipe,
 * and `{{ "x" | qr_code, 11, "", fixed }}` passes its arguments, as on TRMNL.
 */
import { Parser, Tokenizer, TypeGuards, type Liquid, type Output, type Template, type TopLevelToken } from 'liquidjs';

type ParseToken = (token: TopLevelToken, remainTokens: TopLevelToken[]) => Template;

const QUOTED_STRING = `"[^"]*"|'[^']*'`;
const QUOTED_FRAGMENT = `(?:${QUOTED_STRING})|(?:[^\\s,|'"]|${QUOTED_STRING})+`;
const VALUE_AND_REST = new RegExp(`(${QUOTED_FRAGMENT})([\\s\\S]*)`);
const FILTER_CHUNK = new RegExp(`(?:\\s+|${QUOTED_FRAGMENT}|,)+`, 'g');
const FILTER_ARGUMENT = new RegExp(`(?:[:,])\\s*((?:\\w+\\s*:\\s*)?(?:${QUOTED_FRAGMENT}))`, 'g');
/** A filter name followed by a comma, which liquidjs drops with its arguments. */
const COMMA_AFTER_FILTER = /\|\s*[\w-]+\s*,/;

/** The markup as liquidjs would write what Ruby's lax mode reads in it; nothing when it holds no value. */
export function laxOutputMarkup(markup: string): string | undefined {
  const match = VALUE_AND_REST.exec(markup);
  if (!match) return undefined;
  const [, value, rest] = match;
  const bar = rest.indexOf('|');
  if (bar === -1) return value;
  const filters = (rest.slice(bar + 1).match(FILTER_CHUNK) ?? []).flatMap((chunk) => {
    const name = /\w+/.exec(chunk)?.[0];
    if (!name) return [];
    const args = [...chunk.slice(chunk.indexOf(name) + name.length).matchAll(FILTER_ARGUMENT)].map((arg) => arg[1]);
    return [args.length > 0 ? `${name}: ${args.join(', ')}` : name];
  });
  return [value, ...filters].join(' | ');
}

function laxOutput(token: TopLevelToken & { content: string }, liquid: Liquid, strict: ParseToken): Template {
  const markup = laxOutputMarkup(token.content);
  let output: Template | undefined;
  if (markup !== undefined) {
    try {
      const [written] = new Tokenizer(`{{ ${markup} }}`, liquid.options.operators).readTopLevelTokens(liquid.options);
      output = strict(written, []);
    } catch {
      output = undefined;
    }
  }
  const lax = output ?? { token, render: () => '' };
  lax.token = token;
  return lax;
}

/** A parser for the engine that reads outputs as Ruby's lax mode where liquidjs would fail or drop arguments. */
export function laxParser(liquid: Liquid): Parser {
  const parser = new Parser(liquid);
  const strict = parser.parseToken.bind(parser);
  parser.parseToken = (token, remainTokens) => {
    if (!TypeGuards.isOutputToken(token)) return strict(token, remainTokens);
    if (COMMA_AFTER_FILTER.test(token.content)) return laxOutput(token, liquid, strict) as Output;
    try {
      return strict(token, remainTokens);
    } catch {
      return laxOutput(token, liquid, strict) as Output;
    }
  };
  return parser;
}
