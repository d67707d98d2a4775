/**
 * A parsed Mustache template filled from a context as Mustache's own writer fills it (values, sections, inverted
 * sections, lists, lambdas; a partial writes nothing, as Node-RED's template node gives none), writing down where each
 * stretch of the output came from (../../shared/source-map): text copied from the template at its own place, what a
 * placeholder wrote at the placeholder's tag. Places are those of the text parsed.
 */
import Mustache from 'mustache';

type Token = Mustache.TemplateSpans[number];

/** An error while a placeholder was filled (a helper it names does not exist), and where the placeholder is. */
export class PlaceholderError extends Error {
  constructor(
    readonly error: unknown,
    readonly index: number,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** A writer that keeps no template it parses: templates from messages could be endless, and parsing takes microseconds. */
export function forgetfulWriter(): Mustache.Writer {
  return Object.assign(new Mustache.Writer(), { templateCache: undefined });
}

export interface WriterOptions {
  escape: (value: unknown) => string;
  /** Told of each list before its items are repeated: its name and how many items it has. */
  list: (name: string, length: number) => void;
}

export class MappedWriter {
  private readonly parts: string[] = [];
  private length = 0;
  /** Three numbers a stretch: where it starts in the output, where it came from, 1 when copied from there. */
  readonly stretches: number[] = [];

  constructor(
    private readonly template: string,
    private readonly options: WriterOptions,
  ) {}

  get output(): string {
    return this.parts.join('');
  }

  fill(tokens: Token[], context: Mustache.Context): void {
    for (const token of tokens) {
      const [kind, name, start, end] = token;
      if (kind === 'text') {
        // Mustache drops the white space of a line that holds only section tags, and never from inside a text.
        this.put(name, start, name.length === end - start);
      } else if (kind === 'name' || kind === '&') {
        const value = this.lookup(context, token);
        if (value !== undefined && value !== null) {
          this.put(kind === 'name' ? this.options.escape(value) : asWritten(value), start, false);
        }
      } else if (kind === '#') {
        this.section(token, context);
      } else if (kind === '^') {
        const value = this.lookup(context, token);
        if (!value || (Array.isArray(value) && value.length === 0)) this.fill(inner(token), context);
      }
    }
  }

  private put(text: string, source: number, copied: boolean): void {
    if (text === '') return;
    this.stretches.push(this.length, source, copied ? 1 : 0);
    this.parts.push(text);
    this.length += text.length;
  }

  private lookup(context: Mustache.Context, token: Token): unknown {
    try {
      return context.lookup(token[1]) as unknown;
    } catch (error) {
      throw new PlaceholderError(error, token[2]);
    }
  }

  private section(token: Token, context: Mustache.Context): void {
    const value = this.lookup(context, token);
    if (!value) return;
    if (Array.isArray(value)) {
      this.options.list(token[1], value.length);
      for (const item of value) this.fill(inner(token), context.push(item));
    } else if (typeof value === 'object' || typeof value === 'string' || typeof value === 'number') {
      this.fill(inner(token), context.push(value));
    } else if (typeof value === 'function') {
      // A lambda is given the section's text and a way to fill text; all it writes points at the section's tag.
      const closing = token[5] as number;
      const fillText = (text: string): string =>
        forgetfulWriter().render(text, context, undefined, { escape: this.options.escape });
      const written: unknown = (value as (text: string, fill: (text: string) => string) => unknown).call(
        context.view,
        this.template.slice(token[3], closing),
        fillText,
      );
      if (written !== undefined && written !== null) this.put(asWritten(written), token[2], false);
    } else {
      this.fill(inner(token), context);
    }
  }
}

/** A value as Mustache writes it: its own text (an object's is "[object Object]"). */
function asWritten(value: unknown): string {
  return String(value);
}

function inner(token: Token): Token[] {
  return (token[4] as Token[] | undefined) ?? [];
}
