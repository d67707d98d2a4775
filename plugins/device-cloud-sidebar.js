'use strict';
// Node-RED's entry point for the Device Cloud sidebar plugin, compiled from src/plugins/sidebar/ by `npm run build`;
// the editor's part, device-cloud-sidebar.html and locales/, is generated beside it.
module.exports = require('../dist/plugins/sidebar');
