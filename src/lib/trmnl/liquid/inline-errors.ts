/**
 * Rendering as Ruby Liquid renders in its lax mode: an error in one tag or output is printed where it stands
 * ("Liquid error: divided by 0"), or nothing where Ruby prints nothing (./blank-nodes), and the rest of the page is
 * drawn; the error is kept for a warning. Only the render budget stops a page. Values are written as Ruby writes them (a hash as `{"a" => 1}`, nil as nothing).
 */
import { LiquidError, type Context, type Emitter, type Liquid, type Template } from 'liquidjs';
import { performance } from 'node:perf_hooks';
import { isBlankNode } from './blank-nodes';
import { fillStateOf } from './fill-state';
import { rubyToS } from './ruby-values';

class RubyEmitter implements Emitter {
  buffer = '';

  write(html: unknown): void {
    this.buffer += rubyToS(html);
  }
}

const POSITION_SUFFIX = /(, file:[^,]*)?, line:\d+, col:\d+$/;

/** The error's own words, without the position liquidjs appends. */
export function liquidMessage(error: unknown): string {
  const own = LiquidError.is(error) ? (error.originalError ?? error) : error;
  const message = own instanceof Error ? own.message : String(own);
  return message.replace(POSITION_SUFFIX, '');
}

/** The render budget ran out (liquidjs's time or memory limit): the page stops, nothing is printed inline. */
export function isBudgetExceeded(error: unknown): boolean {
  return /limit exceeded$/.test(liquidMessage(error));
}

export function printErrorsInline(liquid: Liquid): void {
  liquid.renderer.renderTemplates = function* renderTemplates(
    templates: Template[],
    ctx: Context,
    emitter?: Emitter,
  ): Generator<unknown, string> {
    const out = emitter ?? new RubyEmitter();
    for (const template of templates) {
      ctx.renderLimit.check(performance.now());
      try {
        const html: unknown = yield template.render(ctx, out);
        if (html) out.write(html);
        if (ctx.breakCalled || ctx.continueCalled) break;
      } catch (error) {
        if (isBudgetExceeded(error)) throw error;
        const message = liquidMessage(error);
        fillStateOf(ctx).inlineErrors.push({ offset: template.token.begin, message });
        if (!isBlankNode(template)) out.write(`Liquid error: ${message}`);
      }
    }
    return out.buffer;
  };
}
