import { accountSetting, ACCOUNT_DEFAULTS, ACCOUNT_RANGES, AUTH_HEADERS, type AccountSetting } from './settings';

/** A setting's check: the runtime's own rule, with the range in the editor's words. */
function settingRule(name: AccountSetting): EditorValidator {
  const { min, max } = ACCOUNT_RANGES[name];
  return DeviceCloudEditor.validators.rule(
    (value) => accountSetting(name, value),
    () => DeviceCloudEditor.text('common.validation.range', { min, max }),
  );
}

RED.nodes.registerType('device-cloud-account', {
  category: 'config',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-account') },
    baseUrl: { value: '', required: true, validate: DeviceCloudEditor.validators.baseUrl },
    authHeader: { value: AUTH_HEADERS[0], validate: DeviceCloudEditor.validators.oneOf(AUTH_HEADERS) },
    timeout: { value: ACCOUNT_DEFAULTS.timeout, required: false, validate: settingRule('timeout') },
    retries: { value: ACCOUNT_DEFAULTS.retries, required: false, validate: settingRule('retries') },
    maxInFlight: { value: ACCOUNT_DEFAULTS.maxInFlight, required: false, validate: settingRule('maxInFlight') },
    queueLimit: { value: ACCOUNT_DEFAULTS.queueLimit, required: false, validate: settingRule('queueLimit') },
    minSpacing: { value: ACCOUNT_DEFAULTS.minSpacing, required: false, validate: settingRule('minSpacing') },
  },
  credentials: {
    apiKey: { type: 'password', required: true },
  },
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: function () {
    return (
      this.name || (typeof this.baseUrl === 'string' ? this.baseUrl : '') || DeviceCloudEditor.paletteLabel.call(this)
    );
  },
  oneditprepare: DeviceCloudEditor.prepare,
});
