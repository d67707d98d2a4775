/**
 * Liquid as TRMNL runs it: liquidjs set as close to Ruby Liquid's lax mode as it allows (an unknown filter gives
 * its input back, a missing variable is nil, only nil and false are false, no output escaping), with TRMNL's
 * filters and tags, Ruby's arithmetic, dates and printing of values, and runtime errors printed inline.
 * One engine serves every recipe: what belongs to one filling travels in the render context (./fill-state).
 */
import { Liquid, type Parser, type Template } from 'liquidjs';
import { COLLECTION_FILTERS } from './filters-collections';
import { DATE_FILTERS } from './filters-dates';
import { NUMBER_FILTERS } from './filters-numbers';
import { TEXT_FILTERS } from './filters-text';
import { printErrorsInline } from './inline-errors';
import { laxParser } from './lax-outputs';
import { IncludeTag, RenderTag, TemplateTag } from './template-tags';

let engine: { liquid: Liquid; parser: Parser } | undefined;

function makeEngine(): { liquid: Liquid; parser: Parser } {
  const liquid = new Liquid({
    strictFilters: false,
    strictVariables: false,
    jsTruthy: false,
    ownPropertyOnly: true,
    cache: false,
    dynamicPartials: false,
  });
  const filters = { ...NUMBER_FILTERS, ...TEXT_FILTERS, ...DATE_FILTERS, ...COLLECTION_FILTERS };
  for (const [name, filter] of Object.entries(filters)) liquid.registerFilter(name, filter);
  liquid.registerTag('template', TemplateTag);
  liquid.registerTag('render', RenderTag);
  liquid.registerTag('include', IncludeTag);
  printErrorsInline(liquid);
  return { liquid, parser: laxParser(liquid) };
}

/** The process's TRMNL Liquid engine, made on first use. */
export function trmnlLiquid(): Liquid {
  engine ??= makeEngine();
  return engine.liquid;
}

/** Liquid's text parsed by the engine, its outputs read as Ruby's lax mode reads them. */
export function parseTemplates(source: string): Template[] {
  engine ??= makeEngine();
  return engine.parser.parse(source);
}
