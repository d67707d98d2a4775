'use strict';
/**
 * Preloaded into the Node-RED that npm start runs (node --require): Node-RED stops, as on SIGTERM, when the
 * channel to npm start's process closes, whichever way that process ended.
 */
if (typeof process.send === 'function') {
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
