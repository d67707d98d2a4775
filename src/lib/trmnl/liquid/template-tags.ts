/**
 * TRMNL's `{% template name %}…{% endtemplate %}` (usetrmnl/trmnl-liquid, template_tag.rb) and the `{% render %}`
 * and `{% include %}` that use what it defines. A template is parsed where it is written (so an error in it
 * names its own line), and defined when the tag runs, for the rest of the page. `render` reads its arguments
 * as Ruby Liquid's lax mode does: `render "x", k: v`, `render "x" with k: v`, `render "x": k: v`,
 * `render "x" with value as name`, `render "x" for list as item`.
 */
import {
  Tag,
  TypeGuards,
  evalQuotedToken,
  evalToken,
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import { fillStateOf, setFillState } from './fill-state';

const TEMPLATE_NAME = /^[a-zA-Z0-9_/]+$/;

/** The body without the white space around it, as Ruby strips it. */
function stripBody(tokens: TopLevelToken[]): void {
  const [first, last] = [tokens[0], tokens[tokens.length - 1]];
  if (TypeGuards.isHTMLToken(first)) first.trimLeft += /^\s*/.exec(first.getContent())?.[0].length ?? 0;
  if (TypeGuards.isHTMLToken(last)) last.trimRight += /\s*$/.exec(last.getContent())?.[0].length ?? 0;
}

export class TemplateTag extends Tag {
  private readonly templateName: string;
  private readonly body: Template[];

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    this.templateName = token.args.trim();
    const body: TopLevelToken[] = [];
    for (;;) {
      const next = remainTokens.shift();
      if (!next) throw new Error(`{% template ${this.templateName} %} is never closed by {% endtemplate %}`);
      if (TypeGuards.isTagToken(next) && next.name === 'endtemplate') break;
      body.push(next);
    }
    stripBody(body);
    this.body = parser.parseTokens(body);
  }

  render(ctx: Context): string {
    if (!TEMPLATE_NAME.test(this.templateName)) {
      return (
        `Liquid error: invalid template name ${JSON.stringify(this.templateName)} - template names ` +
        'must contain only letters, numbers, underscores, and slashes'
      );
    }
    fillStateOf(ctx).templates.set(this.templateName, this.body);
    return '';
  }
}

interface Binding {
  kind: 'with' | 'for';
  value: ValueToken;
  alias?: string;
}

/** The arguments of `render` and `include`, read as Ruby Liquid's lax mode scans them. */
abstract class PartialTag extends Tag {
  protected readonly partialName: string;
  protected readonly attributes: [string, ValueToken][] = [];
  protected binding?: Binding;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    const quoted = this.tokenizer.readQuoted();
    if (!quoted) throw new Error(`Syntax error in '${token.name}' - Template name must be a quoted string`);
    this.partialName = evalQuotedToken(quoted);
    this.readArguments();
  }

  private readArguments(): void {
    const reader = this.tokenizer;
    while (!reader.end()) {
      reader.skipBlank();
      if (reader.end()) break;
      const word = reader.readIdentifier().content;
      if (!word) {
        reader.advance();
        continue;
      }
      reader.skipBlank();
      if (reader.peek() === ':') {
        reader.advance();
        const value = reader.readValue();
        if (value) this.attributes.push([word, value]);
      } else if ((word === 'with' || word === 'for') && !this.binding) {
        this.readBinding(word);
      }
    }
  }

  /** `with value [as name]`; but `with k: v` is the attribute k, as Ruby reads it. */
  private readBinding(kind: 'with' | 'for'): void {
    const reader = this.tokenizer;
    const start = reader.p;
    const value = reader.readValue();
    reader.skipBlank();
    if (!value || reader.peek() === ':') {
      reader.p = start;
      return;
    }
    const beforeAs = reader.p;
    let alias: string | undefined;
    if (reader.readIdentifier().content === 'as') {
      reader.skipBlank();
      alias = reader.readIdentifier().content || undefined;
    } else reader.p = beforeAs;
    this.binding = { kind, value, alias };
  }

  protected templates(ctx: Context): Template[] {
    const templates = fillStateOf(ctx).templates.get(this.partialName);
    if (!templates) throw new Error(`Template not found: ${this.partialName}.`);
    return templates;
  }

  protected *argumentScope(ctx: Context): Generator<unknown, Record<string, unknown>> {
    const scope: Record<string, unknown> = {};
    for (const [name, value] of this.attributes) scope[name] = (yield evalToken(value, ctx)) as unknown;
    return scope;
  }

  /** The binding's value: for `for`, the list to repeat over (a value that is not a list is bound once). */
  protected *bound(ctx: Context): Generator<unknown, { name: string; items: unknown[]; repeat: boolean } | undefined> {
    if (!this.binding) return undefined;
    const value = (yield evalToken(this.binding.value, ctx)) as unknown;
    const name = this.binding.alias ?? this.partialName;
    const repeat = this.binding.kind === 'for' && Array.isArray(value);
    return { name, items: repeat ? (value as unknown[]) : [value], repeat };
  }
}

function forloop(name: string, index: number, length: number): Record<string, unknown> {
  return {
    name,
    length,
    index: index + 1,
    index0: index,
    rindex: length - index,
    rindex0: length - index - 1,
    first: index === 0,
    last: index === length - 1,
  };
}

/** `{% render %}`: the template in a context of its own, which sees only its arguments. */
export class RenderTag extends PartialTag {
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void> {
    const templates = this.templates(ctx);
    const child = ctx.spawn(yield* this.argumentScope(ctx));
    setFillState(child, fillStateOf(ctx));
    const binding = yield* this.bound(ctx);
    const scope = child.bottom();
    if (!binding) {
      yield this.liquid.renderer.renderTemplates(templates, child, emitter);
      return;
    }
    for (const [index, item] of binding.items.entries()) {
      scope[binding.name] = item;
      if (binding.repeat) scope.forloop = forloop(this.partialName, index, binding.items.length);
      yield this.liquid.renderer.renderTemplates(templates, child, emitter);
    }
  }
}

/** `{% include %}`: the template in the page's own context, its arguments on top. */
export class IncludeTag extends PartialTag {
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void> {
    const templates = this.templates(ctx);
    const scope = yield* this.argumentScope(ctx);
    const binding = yield* this.bound(ctx);
    ctx.push(scope);
    try {
      for (const item of binding ? binding.items : [undefined]) {
        if (binding) scope[binding.name] = item;
        yield this.liquid.renderer.renderTemplates(templates, ctx, emitter);
      }
    } finally {
      ctx.pop();
    }
  }
}
