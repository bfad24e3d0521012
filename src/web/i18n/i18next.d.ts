import 'i18next';
import type common from '../../../public/locales/en/common.json';
import type device from '../../../public/locales/en/device.json';
import type marketing from '../../../public/locales/en/marketing.json';
import type marketingDocs from '../../../public/locales/en/marketing-docs.json';
import type panel from '../../../public/locales/en/panel.json';
import type panelMessages from '../../../public/locales/en/panel-messages.json';
import type panelDevices from '../../../public/locales/en/panel-devices.json';
import type panelNetwork from '../../../public/locales/en/panel-network.json';
import type panelTwoFactor from '../../../public/locales/en/panel-two-factor.json';

// English is the reference: a key that is not in the English files does not type-check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // Mirrors the runtime option (options.ts): a key missing in a page's namespace is looked up in 'common'.
    fallbackNS: 'common';
    resources: {
      common: typeof common;
      panel: typeof panel;
      marketing: typeof marketing;
      device: typeof device;
      'panel-devices': typeof panelDevices;
      'panel-network': typeof panelNetwork;
      'marketing-docs': typeof marketingDocs;
      'panel-messages': typeof panelMessages;
      'panel-two-factor': typeof panelTwoFactor;
    };
  }
}
