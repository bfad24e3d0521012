/** The people and things the web tests show: one place, so every test means the same admin and device. */
import type { PanelDevice } from '@shared/api/panel-device';
import type { PanelUser } from '@shared/api/auth';
import { EXAMPLE_BRAND } from '@shared/brand';

/** The brand the server sends in development (its examples). */
export const TEST_BRAND = EXAMPLE_BRAND;

export const adminUser: PanelUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@example.com',
  phone: null,
  role: 'admin',
  credits: 0,
  parentId: null,
  canAddSubResellers: true,
  twoFactorEnabled: false,
  twoFactorEnrolmentRequired: false,
  expiryDigest: true,
};

export const resellerUser: PanelUser = {
  id: 7,
  name: 'Rita Reseller',
  email: 'rita@example.com',
  phone: '+15550001111',
  role: 'reseller',
  credits: 42,
  parentId: 1,
  canAddSubResellers: true,
  twoFactorEnabled: false,
  twoFactorEnrolmentRequired: false,
  expiryDigest: true,
};

const DAY_MS = 86_400_000;

/** An ISO date `days` from now (negative: in the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

/** A device as the panel's API answers it; a year-plan device with 200 days left unless told. */
export function makeDevice(overrides: Partial<PanelDevice> = {}): PanelDevice {
  return {
    id: 11,
    mac: '00:1A:2B:3C:4D:5E',
    name: 'Ana Client',
    phone: '+15550002222',
    app_name: 'Living room TV',
    created_at: '2025-01-15T10:00:00.000Z',
    paid: true,
    date_payment: '2025-01-16T10:00:00.000Z',
    payment_type: 'year',
    banned: false,
    expired_date: daysFromNow(200),
    owner_id: 7,
    cle_mac: 'K7MXP4RT2Q',
    ...overrides,
  };
}
