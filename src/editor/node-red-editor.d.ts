/**
 * The part of Node-RED's editor API (the browser's `RED`) and of its jQuery widgets that our dialogs use, typed
 * as Node-RED 4 and 5 behave. The published editor typings describe Node-RED 1.3 and pull in half of its runtime.
 */

/** A node as the editor holds it: its settings by name, and the editor's own fields. */
interface EditorNode {
  id: string;
  type: string;
  name?: string;
  _def: EditorNodeDefinition;
  credentials?: Record<string, unknown> & { has_apiKey?: boolean; apiKey?: string };
  users?: EditorNode[];
  dirty?: boolean;
  changed?: boolean;
  [setting: string]: unknown;
}

/** A validator: the value, and from Node-RED 3 on an `opt` object that asks for an error text. */
type EditorValidator = (this: EditorNode, value: unknown, opt?: object) => boolean | string;

interface EditorPropertyDefinition {
  value: unknown;
  type?: string;
  required?: boolean;
  validate?: EditorValidator;
}

/** What `RED.nodes.registerType` takes. */
interface EditorNodeDefinition {
  category: string;
  color?: string;
  defaults: Record<string, EditorPropertyDefinition>;
  credentials?: Record<string, { type: 'text' | 'password'; required?: boolean }>;
  inputs?: number;
  outputs?: number;
  icon?: string;
  align?: 'left' | 'right';
  paletteLabel?: string | ((this: EditorNodeDefinition & { type: string }) => string);
  label?: string | ((this: EditorNode) => string);
  labelStyle?: string | ((this: EditorNode) => string);
  inputLabels?: string | ((this: EditorNode, index: number) => string);
  outputLabels?: string | string[] | ((this: EditorNode, index: number) => string);
  oneditprepare?: (this: EditorNode) => void;
  oneditsave?: (this: EditorNode) => void;
  oneditcancel?: (this: EditorNode) => void;
  oneditresize?: (this: EditorNode, size: { width: number; height: number }) => void;
}

/** A code editor made by `RED.editor.createEditor` (ace or monaco behind one interface). */
interface EditorCodeEditor {
  getValue(): string;
  setValue(value: string, cursor?: number): void;
  resize(): void;
  destroy(): void;
  getModel?(): { isDisposed(): boolean; dispose(): void; getFullModelRange(): object } | null;
  setModel?(model: null): void;
  /** Monaco's: edits that its undo (Ctrl+Z) takes back, in steps parted by undo stops. */
  executeEdits?(source: string, edits: { range: object; text: string; forceMoveMarkers?: boolean }[]): boolean;
  pushUndoStop?(): boolean;
  setPosition?(position: { lineNumber: number; column: number }): void;
  revealLine?(lineNumber: number): void;
  /** A change of the text (ace's `change`; Node-RED's monaco wrapper maps it to onDidChangeModelContent). */
  on?(event: 'change', listener: () => void): void;
}

interface EditorRED {
  _(key: string, substitutions?: Record<string, unknown>): string;
  nodes: {
    registerType(type: string, definition: EditorNodeDefinition): void;
    getType(type: string): EditorNodeDefinition | undefined;
    node(id: string): EditorNode | undefined;
    eachNode(callback: (node: EditorNode) => boolean | void): void;
    eachConfig(callback: (node: EditorNode) => boolean | void): void;
    originalFlow(): Record<string, unknown>[] | undefined;
    dirty(dirty: boolean): void;
  };
  events: {
    on(event: 'registry:node-type-added', handler: (type: string) => void): void;
    on(event: 'flows:loaded', handler: () => void): void;
    on(event: 'nodes:add', handler: (node: EditorNode) => void): void;
    on(event: 'deploy', handler: () => void): void;
  };
  editor: {
    createEditor(options: {
      id: string;
      mode: string;
      value: string;
      /** Passed on to Monaco (ace ignores it). */
      stickyScroll?: { enabled: boolean };
      folding?: boolean;
    }): EditorCodeEditor;
    validateNode(node: EditorNode): void;
  };
  view: { redraw(full?: boolean): void; reveal(id: string): void };
  sidebar: {
    help: { show(type: string): void };
    addTab(tab: {
      id: string;
      label: string;
      name: string;
      iconClass: string;
      content: JQuery;
      toolbar?: JQuery;
      enableOnEdit?: boolean;
      onchange?: () => void;
    }): void;
  };
  plugins: { registerPlugin(id: string, definition: { onadd?: () => void }): void };
  comms: { subscribe(topic: string, handler: (topic: string, message: unknown) => void): void };
  user: { hasPermission(permission: string): boolean };
  notify(
    message: string | JQuery,
    options: {
      type?: 'warning' | 'error' | 'success' | 'compact';
      modal?: boolean;
      fixed?: boolean;
      timeout?: number;
      buttons?: { text: string; class?: string; click(): void }[];
    },
  ): { close(): void };
  settings: { get(name: string): unknown };
  i18n: { lang(): string | undefined };
  utils: { validateTypedProperty(value: unknown, type: string, opt?: object): true | string | false };
  validators: { number(blankAllowed?: boolean): EditorValidator };
}

declare const RED: EditorRED;

/** A type of a TypedInput: a built-in's name, or a type of our own. */
type TypedInputType =
  | string
  | {
      value: string;
      label: string;
      icon?: string;
      hasValue?: boolean;
      options?: () => { value: string; label: string }[];
    };

interface JQuery {
  typedInput(options: { default?: string; typeField?: string; types: TypedInputType[] }): JQuery;
  typedInput(method: 'types', types: TypedInputType[]): JQuery;
  spinner(options: { min?: number; max?: number }): JQuery;
}
