/** A `style` attribute (`font-size: 20px; display: flex`) as the property object the layout engine takes. */

export type Style = Record<string, string>;

/** Splits at `;` outside quotes and brackets, so `url(data:image/png;base64,…)` stays whole. */
function declarations(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '(') {
      depth++;
    } else if (character === ')') {
      depth = Math.max(0, depth - 1);
    } else if (character === ';' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function camelCase(property: string): string {
  return property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The declarations of a style attribute; a later one wins, `!important` is dropped, custom properties ignored. */
export function parseStyle(text: string): Style {
  const style: Style = {};
  for (const declaration of declarations(text)) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (!property || !value || property.startsWith('--')) continue;
    style[camelCase(property)] = value;
  }
  return style;
}
