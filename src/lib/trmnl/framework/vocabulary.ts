/**
 * What a filled page uses, read from its HTML without building a tree: its class tokens and element names; and
 * the classes a page's own `<style>` defines, which are the page's and need no framework rule.
 */
import type { PageVocabulary } from './generate';

const SCRIPT = /<script\b[\s\S]*?<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const CLASS_ATTRIBUTE = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/g;

/** The class tokens and element names of a page's HTML (scripts and style sheets aside). */
export function pageVocabulary(html: string): { classes: Set<string>; tags: Set<string> } & PageVocabulary {
  const markup = html.replace(SCRIPT, '').replace(STYLE, '');
  const classes = new Set<string>();
  for (const match of markup.matchAll(CLASS_ATTRIBUTE))
    for (const token of (match[1] ?? match[2] ?? match[3]).split(/\s+/)) if (token !== '') classes.add(token);
  const tags = new Set<string>();
  for (const match of markup.matchAll(TAG)) tags.add(match[1].toLowerCase());
  return { classes, tags };
}

/** The page's own style sheets (the text of its `<style>` elements). */
export function pageStyleSheets(html: string): string[] {
  return [...html.replace(SCRIPT, '').matchAll(STYLE)].map((match) => match[1]);
}

/** The class names a style sheet's selectors name (escapes read: `.lg\:flex` is `lg:flex`). */
export function classesDefinedBy(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  const names = new Set<string>();
  for (const match of selectors.matchAll(/\.((?:[\w-]|\\[0-9a-fA-F]{1,6} ?|\\.)+)/g))
    names.add(
      match[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, code: string | undefined, char: string | undefined) =>
        code !== undefined ? String.fromCodePoint(parseInt(code, 16)) : (char as string),
      ),
    );
  return names;
}
