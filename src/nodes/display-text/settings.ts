/** What display-text pushes: a text (`text`, with a font size) or a title and a body (`structured`). */
export const TEXT_MODES = ['text', 'structured'] as const;
