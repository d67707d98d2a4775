import { caldavTimeout, caldavUrl, CALDAV_DEFAULTS, CALDAV_RANGES, displayTimeZone } from './settings';

RED.nodes.registerType('device-cloud-caldav', {
  category: 'config',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-caldav') },
    url: {
      value: '',
      required: true,
      validate: DeviceCloudEditor.validators.rule(caldavUrl, () =>
        DeviceCloudEditor.text('device-cloud-caldav.validation.url'),
      ),
    },
    timeZone: {
      value: '',
      validate: DeviceCloudEditor.validators.rule(displayTimeZone, () =>
        DeviceCloudEditor.text('device-cloud-caldav.validation.timeZone'),
      ),
    },
    timeout: {
      value: CALDAV_DEFAULTS.timeout,
      required: false,
      validate: DeviceCloudEditor.validators.rule(caldavTimeout, () =>
        DeviceCloudEditor.text('common.validation.range', CALDAV_RANGES.timeout),
      ),
    },
  },
  credentials: {
    username: { type: 'text' },
    password: { type: 'password' },
  },
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: function () {
    return this.name || (typeof this.url === 'string' ? this.url : '') || DeviceCloudEditor.paletteLabel.call(this);
  },
  oneditprepare: DeviceCloudEditor.prepare,
});
