/** The node's choices that the runtime and the dialog share. */
import { VIEW_NAMES } from '../../lib/trmnl/views';

/** `auto` (by the page's size) or one of the recipe's views. */
export const VIEW_CHOICES = ['auto', ...VIEW_NAMES] as const;

/** The parts of a pasted recipe, each a Liquid file of TRMNL's markup editor (`shared` is put before each view). */
export const PASTED_PARTS = [...VIEW_NAMES, 'shared'] as const;
export type PastedPart = (typeof PASTED_PARTS)[number];

/** The custom field type whose values are kept as the node's credentials, never in the flow. */
export const SECRET_FIELD_TYPE = 'password';
