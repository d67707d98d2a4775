/**
 * The labels of every node. Node-RED calls them with the node (label, labelStyle, port labels) or the definition
 * (paletteLabel) as `this`; both know their type.
 */
import { asText, has, isEmpty, text } from './catalog';

export function paletteLabel(this: { type: string }): string {
  return text(`${this.type}.paletteLabel`);
}

export function label(this: EditorNode): string {
  return this.name || paletteLabel.call(this);
}

/** A label that names the node's setting when `<type>.nodeLabel.<field>.<its value>` is in the catalog. */
export function labelBy(field: string): (this: EditorNode) => string {
  return function (this: EditorNode) {
    const key = `${this.type}.nodeLabel.${field}.${String(this[field])}`;
    if (this.name || isEmpty(this[field]) || !has(key)) return label.call(this);
    return text(key);
  };
}

/** A label that shows the node's setting in `<type>.nodeLabel.<field>` (its `__value__`) when the setting is given. */
export function labelWith(field: string): (this: EditorNode) => string {
  return function (this: EditorNode) {
    const value = asText(this[field]);
    if (this.name || value === '') return label.call(this);
    return text(`${this.type}.nodeLabel.${field}`, { value });
  };
}

export function labelStyle(this: EditorNode): string {
  return this.name ? 'node_label_italic' : '';
}

export function inputLabels(this: EditorNode): string {
  return text(`${this.type}.inputLabel`);
}

export function outputLabels(this: EditorNode): string {
  return text(`${this.type}.outputLabel`);
}

/** The labels of a node's several outputs, in order: `<type>.outputLabels.<name>`. */
export function outputLabelsEach(names: readonly string[]): (this: EditorNode, index: number) => string {
  return function (this: EditorNode, index: number) {
    return text(`${this.type}.outputLabels.${names[index] ?? names[0]}`);
  };
}
