'use strict';
// Node-RED's entry point for the Device Cloud nodes, compiled from src/nodes/ by `npm run build`.
module.exports = require('../dist/nodes');
