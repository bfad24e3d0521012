import 'i18next';
import type common from '../../../public/locales/en/common.json';
import type device from '../../../public/locales/en/device.json';
import type marketing from '../../../public/locales/en/marketing.json';
import type panel from '../../../public/locales/en/panel.json';
import type panelDevices from '../../../public/locales/en/panel-devices.json';
import type panelNetwork from '../../../public/locales/en/panel-network.json';

// English is the reference: a key that is not in the English files does not type-check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      panel: typeof panel;
      marketing: typeof marketing;
      device: typeof device;
      'panel-devices': typeof panelDevices;
      'panel-network': typeof panelNetwork;
    };
  }
}
