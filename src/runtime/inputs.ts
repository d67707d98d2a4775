import { describe, invalid } from '../lib/errors';
import type { Node, NodeAPI, NodeConfig, NodeMessage } from './node-red-api';

/** Types of a TypedInput whose value is read at message time rather than typed in the dialog. */
const EVALUATED = new Set(['msg', 'flow', 'global', 'env', 'jsonata']);

/**
 * Where a node's input comes from, in this order: the dialog's value; when the
 * dialog field is empty, set to its "from message" choice, or absent from the
 * config (a hand-written or older flow), the msg property; failing that, the default.
 */
export class Inputs {
  constructor(
    private readonly RED: NodeAPI,
    private readonly node: Node,
    readonly config: NodeConfig,
    readonly msg: NodeMessage,
  ) {}

  /**
   * @param name the config property; a TypedInput keeps its type in `<name>Type`
   * @param msgProperty the msg property used when the dialog leaves it open (default: `name`)
   * @param fallback the default when neither gives a value
   */
  async get(name: string, msgProperty: string = name, fallback?: unknown): Promise<unknown> {
    const configured = await this.dialog(name, msgProperty);
    const result = configured === undefined ? this.fromMessage(msgProperty) : configured;
    return result === undefined ? fallback : result;
  }

  /** The dialog's value alone: undefined when the field is empty or absent. */
  async dialog(name: string, msgProperty: string = name): Promise<unknown> {
    const value = this.config[name];
    const type = this.config[`${name}Type`];
    if (type === 'msg') return this.fromMessage(typeof value === 'string' && value !== '' ? value : msgProperty);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof type === 'string' && EVALUATED.has(type)) return this.evaluate(name, value, type);
    return value;
  }

  /** A msg property by its path, without throwing on a missing parent. */
  fromMessage(path: string): unknown {
    try {
      return this.RED.util.getMessageProperty(this.msg, path);
    } catch {
      return undefined;
    }
  }

  /** Reads a flow, global, env or JSONata value; a hand-edited flow can hold a number there, or bad JSONata. */
  private evaluate(name: string, value: unknown, type: string): Promise<unknown> {
    if (typeof value !== 'string') {
      return Promise.reject(invalid(name, `must name a ${type} value as text in the node's settings`, value));
    }
    return new Promise((resolve, reject) => {
      const settle = (error: unknown, result?: unknown): void => {
        if (!error) return resolve(result);
        const reason = error instanceof Error ? error.message : describe(error);
        reject(invalid(name, `could not read the ${type} value ${describe(value)}: ${reason}`));
      };
      try {
        this.RED.util.evaluateNodeProperty(value, type, this.node, this.msg, settle);
      } catch (error) {
        settle(error);
      }
    });
  }
}
