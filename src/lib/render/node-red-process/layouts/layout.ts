/** A built-in layout: a starting point the dialog offers and an example flow uses, with a message that fills it. */
export interface Layout {
  id: string;
  /** The dialog's name for it. */
  title: { 'en-US': string; 'zh-CN': string };
  /** The template, by language (labels differ; the placeholders are the same). */
  template: { 'en-US': string; 'zh-CN': string };
  /** A message that fills the template, by language; made when asked for, its dates relative to today. */
  readonly sample: { 'en-US': Record<string, unknown>; 'zh-CN': Record<string, unknown> };
}
