/** White-label constants: the one place to change the product's name and contact details. */
export const brand = {
  name: 'StreamBox Player',
  shortName: 'StreamBox',
  supportEmail: 'support@streambox.example',
  displayPhone: '+1 (555) 010-2030',
  /** Digits only, as the messaging app's chat link expects. */
  messagingNumber: '15550102030',
  telegramHandle: 'streambox_support',
  get messagingLink() {
    return `https://wa.me/${this.messagingNumber}`;
  },
  get telegramLink() {
    return `https://t.me/${this.telegramHandle}`;
  },
  postalAddress: ['100 Market Street', 'Suite 400', 'San Francisco, CA 94105'],
  /** The mobile app's store page (the home page's app-store badge). */
  appStoreUrl: 'https://apps.apple.com/app/streambox-player/id6450000000',
} as const;
