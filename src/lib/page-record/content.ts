/**
 * What a push put on a page, as the page record keeps it and as a push again
 * sends it: the kind, what was sent and the push's options. The same content
 * makes the digest that tells an unchanged push.
 */
import type { SentImageFile } from '../images/image-file';
import { digestOf, type PushContent } from '../push-memory';

export const PAGE_KINDS = ['text', 'structured-text', 'image'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface TextContent {
  kind: 'text';
  text: string;
  options: { fontSize?: number };
}

export interface StructuredTextContent {
  kind: 'structured-text';
  title?: string;
  body?: string;
  options: Record<string, never>;
}

export interface ImageContent {
  kind: 'image';
  /** The pictures exactly as sent, PNG or JPEG; a page may hold several (a push of several pictures). */
  images: readonly SentImageFile[];
  options: { dither?: boolean };
}

export type PageContent = TextContent | StructuredTextContent | ImageContent;

/** The parts that make two pushes the same, for `skipUnchanged`. */
export function contentParts(content: PageContent): PushContent {
  switch (content.kind) {
    case 'text':
      return ['text', content.text, content.options.fontSize];
    case 'structured-text':
      return ['structured', content.title, content.body];
    case 'image':
      return ['image', content.options.dither, ...content.images.map((image) => image.data)];
  }
}

export function digestOfContent(content: PageContent): string {
  return digestOf(contentParts(content));
}
