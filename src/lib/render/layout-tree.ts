/** The element tree the layout engine takes (satori: React-like `{type, props}` objects). */
import type { Style } from './style';

export interface LayoutElement {
  type: string;
  props: {
    style?: Style;
    /** One child alone, not in an array: satori counts an array of one as several children. */
    children?: LayoutNode[] | LayoutNode;
    [attribute: string]: unknown;
  };
}
export type LayoutNode = LayoutElement | string;
