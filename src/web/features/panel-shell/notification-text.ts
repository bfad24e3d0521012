import type { TFunction } from 'i18next';
import type { Notification } from '@shared/api/auth';
import { isolateLtr } from '@web/lib/bidi';
import { EXPIRING_SOON_DEVICES_PATH } from '@shared/api/panel-device';

/**
 * A notification in the reader's language, from its kind and the values it was made from; kinds the
 * panel does not know yet fall back to the server's English message.
 */
export function notificationText(notification: Notification, t: TFunction<'panel'>): string {
  const p: Record<string, string | number> = notification.params ?? {};
  const mac = isolateLtr(String(p.mac ?? ''));
  const plan = (value: unknown) =>
    value === 'lifetime'
      ? t('shell.notificationKinds.plan_lifetime')
      : t('shell.notificationKinds.plan_year');
  switch (notification.kind) {
    case 'device_activated':
      return t('shell.notificationKinds.device_activated', { mac, plan: plan(p.plan) });
    case 'credits_received':
      return p.from
        ? t('shell.notificationKinds.credits_received_from', { credits: p.credits, from: p.from })
        : t('shell.notificationKinds.credits_received', { credits: p.credits });
    case 'client_registration':
      return t('shell.notificationKinds.client_registration', { mac, plan: plan(p.plan), name: p.name });
    case 'contact_message':
      return t('shell.notificationKinds.contact_message', { name: p.name, subject: p.subject });
    case 'webhook_disabled':
      return t('shell.notificationKinds.webhook_disabled', { url: isolateLtr(String(p.url ?? '')) });
    case 'expiry_digest':
      return t('shell.notificationKinds.expiry_digest', { expiring: p.expiring, expired: p.expired });
    default:
      return notification.message;
  }
}

/** Where a notification leads: the screen that shows what it is about (null when there is none). */
export function notificationTarget(notification: Notification): string | null {
  const p: Record<string, string | number> = notification.params ?? {};
  const mac = typeof p.mac === 'string' ? encodeURIComponent(p.mac) : null;
  switch (notification.kind) {
    case 'device_activated':
      return mac ? `/dashboard/check-mac?mac=${mac}` : '/dashboard/devices';
    case 'credits_received':
      return '/dashboard/credits';
    case 'client_registration':
      return mac ? `/dashboard/clients?status=Pending&search=${mac}` : '/dashboard/clients';
    case 'contact_message':
      return '/dashboard/messages';
    case 'webhook_disabled':
      return '/dashboard/api-keys';
    case 'expiry_digest':
      return EXPIRING_SOON_DEVICES_PATH;
    default:
      return null;
  }
}
