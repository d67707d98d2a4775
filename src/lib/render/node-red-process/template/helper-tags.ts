/**
 * Tags with helpers written alike before the template is parsed, so `{{#payload | agenda}}` and
 * `{{/payload|agenda}}` are the same section; and the way back from the text parsed to the template as written.
 */

/** A tag with helpers: `{{payload.temp|number:1}}`, `{{#payload | agenda}}`, `{{{payload.x | date}}}`. */
const HELPER_TAG = /\{\{(\{?)([#^/&]?)([^{}]*?\|[^{}]*?)(\}?)\}\}/g;

/** A helper tag as written in the template, and as it stands in the text that is parsed. */
interface TagEdit {
  canonicalStart: number;
  canonicalEnd: number;
  templateStart: number;
  templateEnd: number;
}

function canonicalTag(content: string): string {
  return content
    .split('|')
    .map((part) =>
      part
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/\s*:\s*/, ': '),
    )
    .join(' | ');
}

/** The template with its helper tags written alike, and where each was rewritten. */
export function canonicalText(template: string): { text: string; edits: TagEdit[] } {
  const edits: TagEdit[] = [];
  let shift = 0;
  const text = template.replace(
    HELPER_TAG,
    (whole: string, open: string, kind: string, content: string, close: string, offset: number) => {
      const written = `{{${open}${kind}${canonicalTag(content)}${close}}}`;
      const canonicalStart = offset + shift;
      edits.push({
        canonicalStart,
        canonicalEnd: canonicalStart + written.length,
        templateStart: offset,
        templateEnd: offset + whole.length,
      });
      shift += written.length - whole.length;
      return written;
    },
  );
  return { text, edits };
}

/** The index in the template of `index` in its canonical text: a place inside a rewritten tag is the tag's start. */
export function templateIndex(edits: readonly TagEdit[], index: number): number {
  let low = 0;
  let high = edits.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (edits[middle].canonicalStart <= index) low = middle + 1;
    else high = middle;
  }
  const edit = edits[low - 1] as TagEdit | undefined;
  if (!edit) return index;
  return index < edit.canonicalEnd ? edit.templateStart : edit.templateEnd + (index - edit.canonicalEnd);
}
