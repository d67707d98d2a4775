/**
 * Ruby Liquid's "blank" nodes: tags that print nothing (`assign`, `capture`, comments), and blocks (`if`, `for`,
 * `case`…) holding only those and white space. A runtime error in a blank node is kept, as any other, but Ruby
 * prints nothing in its place: a failing `assign` at the top of a recipe leaves its variable unset, not a message.
 */
import { Output, Tag, type Template } from 'liquidjs';

const PRINTING_NOTHING = new Set(['assign', 'capture', 'comment', '#']);
const BLOCKS = new Set(['if', 'unless', 'for', 'case', 'tablerow']);

function childrenOf(block: Template): Template[] {
  if (!block.children) return [];
  const steps = block.children(false, true);
  let step = steps.next();
  while (!step.done) step = steps.next(step.value);
  return step.value;
}

export function isBlankNode(template: Template): boolean {
  if (template instanceof Output) return false;
  if (!(template instanceof Tag)) return template.token.getText().trim() === '';
  if (PRINTING_NOTHING.has(template.name)) return true;
  return BLOCKS.has(template.name) && childrenOf(template).every(isBlankNode);
}
