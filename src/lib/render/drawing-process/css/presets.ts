/**
 * What a browser's own style sheet gives each element before the template's CSS (the HTML standard's
 * "Rendering" section, the parts a page of text uses): block elements, the spacing of paragraphs, headings
 * and lists, bold, italic and struck text. An element not named here is inline, as in a browser. The `flex`
 * layout rules (earlier versions' engine, satori, had these defaults too) keep all but `display`.
 */
import type { Declarations, TreeNode } from '../engine/drawing-engine';

const BLOCK: Declarations = { display: 'block' };
const SPACED: Declarations = { display: 'block', marginTop: '1em', marginBottom: '1em' };

function heading(fontSize: string, margin: string): Declarations {
  return { display: 'block', fontSize, fontWeight: 'bold', marginTop: margin, marginBottom: margin };
}

const BLOCK_NAMES = [
  'address',
  'article',
  'aside',
  'center',
  'dd',
  'details',
  'div',
  'dt',
  'figcaption',
  'footer',
  'form',
  'header',
  'hgroup',
  'legend',
  'main',
  'nav',
  'section',
  'summary',
];

export const PRESETS: Readonly<Record<string, Declarations>> = {
  ...Object.fromEntries(BLOCK_NAMES.map((name) => [name, BLOCK])),
  p: SPACED,
  dl: SPACED,
  blockquote: { ...SPACED, marginLeft: '40px', marginRight: '40px' },
  figure: { ...SPACED, marginLeft: '40px', marginRight: '40px' },
  ul: { ...SPACED, paddingLeft: '40px', listStyleType: 'disc' },
  ol: { ...SPACED, paddingLeft: '40px', listStyleType: 'decimal' },
  li: { display: 'list-item' },
  dd: { display: 'block', marginLeft: '40px' },
  pre: { display: 'block', whiteSpace: 'pre', marginTop: '1em', marginBottom: '1em' },
  hr: {
    display: 'block',
    marginTop: '0.5em',
    marginBottom: '0.5em',
    borderTopWidth: '1px',
    borderTopStyle: 'solid',
    borderTopColor: 'gray',
  },
  h1: heading('2em', '0.67em'),
  h2: heading('1.5em', '0.83em'),
  h3: heading('1.17em', '1em'),
  h4: heading('1em', '1.33em'),
  h5: heading('0.83em', '1.67em'),
  h6: heading('0.67em', '2.33em'),
  center: { display: 'block', textAlign: 'center' },
  table: { display: 'table', borderSpacing: '2px' },
  caption: { display: 'table-caption', textAlign: 'center' },
  thead: { display: 'table-header-group' },
  tbody: { display: 'table-row-group' },
  tfoot: { display: 'table-footer-group' },
  tr: { display: 'table-row' },
  td: { display: 'table-cell', padding: '1px' },
  th: { display: 'table-cell', padding: '1px', fontWeight: 'bold', textAlign: 'center' },
  b: { fontWeight: 'bold' },
  strong: { fontWeight: 'bold' },
  i: { fontStyle: 'italic' },
  em: { fontStyle: 'italic' },
  cite: { fontStyle: 'italic' },
  u: { textDecoration: 'underline' },
  ins: { textDecoration: 'underline' },
  s: { textDecoration: 'line-through' },
  strike: { textDecoration: 'line-through' },
  del: { textDecoration: 'line-through' },
  small: { fontSize: 'smaller' },
  big: { fontSize: 'larger' },
  sub: { fontSize: 'smaller', verticalAlign: 'sub' },
  sup: { fontSize: 'smaller', verticalAlign: 'super' },
  mark: { backgroundColor: 'yellow', color: 'black' },
};

/** A node's display: its own, else its preset's, else `inline` (as an element no style sheet names is). */
export function displayOf(node: TreeNode): string {
  return (node.style?.display ?? node.preset?.display ?? 'inline').trim().toLowerCase();
}

/** An element's defaults; under the `flex` rules without `display` (those rules decide it, as satori did). */
export function presetOf(name: string, rules: 'html' | 'flex'): Declarations | undefined {
  const preset = PRESETS[name];
  if (!preset || rules === 'html') return preset;
  const rest = { ...preset };
  delete rest.display;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
