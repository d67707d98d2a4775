/** Inline SVG in a template, drawn as a picture of its markup. */
import { withSizeAttributes } from '../css/lengths';
import type { Declarations, TreeNode } from '../engine/drawing-engine';
import type { HtmlElement, HtmlNode } from '../html/html';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function svgMarkup(node: HtmlNode): string {
  if (node.kind === 'text') return escapeXml(node.text);
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return `<${node.name}${attributes}>${node.children.map(svgMarkup).join('')}</${node.name}>`;
}

/** Inline SVG, drawn as a picture of its markup (Takumi draws SVG pictures, nothing fetched). */
export function svgImage(node: HtmlElement, style: Declarations): TreeNode {
  const markup = svgMarkup({
    ...node,
    attributes: { xmlns: 'http://www.w3.org/2000/svg', ...node.attributes },
  });
  const src = `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`;
  return { type: 'image', src, style: withSizeAttributes(node, style) };
}
