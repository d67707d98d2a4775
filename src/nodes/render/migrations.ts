import type { Migration } from '../../runtime/config-versions';
import { SAVED_FLOW_LAYOUT_RULES } from '../../lib/render/shared/page-options';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    change: 'a choice of layout rules (`layoutRules`): a node saved before it keeps the flex boxes it was drawn with',
    up: (config) =>
      config.layoutRules === undefined || config.layoutRules === ''
        ? { ...config, layoutRules: SAVED_FLOW_LAYOUT_RULES }
        : config,
  },
];
