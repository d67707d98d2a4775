'use strict';
/**
 * Sends one message into a node and collects everything it led to: the
 * messages sent on, the errors a Catch node got, the times it ended well (a
 * Complete node) and the node's last status. Resolves once the message has
 * ended and nothing more came for `settleMs`; rejects when it never ends.
 * Only what carries this message's `_msgid` counts, so the Catch and
 * Complete nodes may be shared by several nodes of the flow.
 */
const { randomUUID } = require('node:crypto');

function sendAndCollect({ node, msg, out, caught, completed, settleMs = 60, timeoutMs = 10_000 }) {
  const id = msg._msgid ?? randomUUID();
  const ours = (m) => m._msgid === id;
  return new Promise((resolve, reject) => {
    const result = { outputs: [], errors: [], completions: 0, status: undefined };
    let settle;
    const listeners = [
      [out, 'input', (m) => ours(m) && result.outputs.push(m)],
      [caught, 'input', (m) => ours(m) && (result.errors.push(m), ended())],
      [completed, 'input', (m) => ours(m) && ((result.completions += 1), ended())],
      [node, 'call:status', (call) => (result.status = call.args[0])],
    ];
    const timer = setTimeout(
      () => finish(new Error(`${node.id}: the message did not end within ${timeoutMs} ms`)),
      timeoutMs,
    );
    function ended() {
      clearTimeout(settle);
      settle = setTimeout(() => finish(), settleMs);
    }
    function finish(failure) {
      clearTimeout(timer);
      clearTimeout(settle);
      for (const [emitter, event, listener] of listeners) emitter.removeListener(event, listener);
      if (failure) reject(failure);
      else resolve(result);
    }
    for (const [emitter, event, listener] of listeners) emitter.on(event, listener);
    node.receive({ ...msg, _msgid: id });
  });
}

module.exports = { sendAndCollect };
