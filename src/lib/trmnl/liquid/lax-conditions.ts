/**
 * Parentheses in conditions, as Ruby Liquid's lax mode reads them: it ignores them (`{% if a and (b or c) %}`
 * is `a and b or c`, evaluated from the right as always), where liquidjs refuses them. Each parenthesis of an
 * `if`, `elsif` or `unless` (also on a line of `{% liquid %}`) becomes a space, outside quotes and ranges
 * (`(1..5)`), so every other character keeps its line and column.
 */

const TAG = /\{%-?\s*([a-z_]+)([\s\S]*?)-?%\}/g;
const CONDITION_TAGS = new Set(['if', 'elsif', 'unless']);
const RANGE = /^\(\s*[^\s()]+\s*\.\.\s*[^\s()]+\s*\)/;

/** The condition with its grouping parentheses blanked. */
function blankParentheses(condition: string): string {
  let out = '';
  let quote = '';
  for (let i = 0; i < condition.length; i++) {
    const char = condition[i];
    if (quote) {
      if (char === quote) quote = '';
      out += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      out += char;
    } else if (char === '(' && RANGE.test(condition.slice(i))) {
      const range = RANGE.exec(condition.slice(i))?.[0] ?? char;
      out += range;
      i += range.length - 1;
    } else {
      out += char === '(' || char === ')' ? ' ' : char;
    }
  }
  return out;
}

function laxLiquidTag(body: string): string {
  return body.replace(/^(\s*)(if|elsif|unless)(\b.*)$/gm, (_line, indent: string, name: string, rest: string) => {
    return indent + name + blankParentheses(rest);
  });
}

/** The source with the parentheses of its conditions blanked; the same length, line for line. */
export function laxConditions(source: string): string {
  if (!source.includes('(')) return source;
  let skipUntil = '';
  return source.replace(TAG, (whole, name: string, rest: string) => {
    if (skipUntil) {
      if (name === skipUntil) skipUntil = '';
      return whole;
    }
    if (name === 'raw' || name === 'comment') {
      skipUntil = `end${name}`;
      return whole;
    }
    if (!rest.includes('(')) return whole;
    const start = whole.length - rest.length - (whole.endsWith('-%}') ? 3 : 2);
    const changed = CONDITION_TAGS.has(name) ? blankParentheses(rest) : name === 'liquid' ? laxLiquidTag(rest) : rest;
    return whole.slice(0, start) + changed + whole.slice(start + rest.length);
  });
}
