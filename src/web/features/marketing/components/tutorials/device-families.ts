import { Cast, Laptop, Smartphone, Tv, Usb, type LucideIcon } from 'lucide-react';

export type DeviceKey = 'smartTv' | 'android' | 'sticks' | 'appleTv' | 'mobile' | 'computers';

/** docs/product.md's device families, each with an anchor (/tutorials#apple-tv). */
export const DEVICE_FAMILIES: { key: DeviceKey; id: string; icon: LucideIcon }[] = [
  { key: 'smartTv', id: 'smart-tv', icon: Tv },
  { key: 'android', id: 'android', icon: Cast },
  { key: 'sticks', id: 'sticks', icon: Usb },
  { key: 'appleTv', id: 'apple-tv', icon: Tv },
  { key: 'mobile', id: 'mobile', icon: Smartphone },
  { key: 'computers', id: 'computers', icon: Laptop },
];
