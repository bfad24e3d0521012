import type { Db } from '../../db';
import type { StoredEvent } from '../events/domain-events';
import type { EventConsumer } from '../events/outbox';
import { notify, notifyAdmins } from './notification-service';

/**
 * The panel's notifications, written from committed events (the first consumer of the outbox). The
 * message is English text as before; `kind` and params let the bell say it in the reader's language.
 */
async function notifyAbout(event: StoredEvent, trx: Db): Promise<void> {
  switch (event.type) {
    case 'device.activated': {
      const { owner_id: ownerId, mac, plan } = event.payload;
      if (ownerId === null) return;
      await notify(trx, ownerId, 'device_activated', `Device ${mac} activated (${plan})`, { mac, plan });
      return;
    }
    case 'credits.changed': {
      const { user_id: userId, change, counterpart, reason } = event.payload;
      if (change <= 0) return;
      const from = reason === 'transfer_in' && counterpart ? counterpart : undefined;
      await notify(
        trx,
        userId,
        'credits_received',
        from ? `You received ${change} credits from ${from}` : `You received ${change} credits`,
        from ? { credits: change, from } : { credits: change },
      );
      return;
    }
    case 'registration.created': {
      const { mac, plan, name } = event.payload;
      const planName = plan === 'lifetime' ? 'Lifetime' : 'One year';
      await notifyAdmins(
        trx,
        'client_registration',
        `New client registration for ${mac} (${planName}) from ${name}`,
        { mac, plan, name },
      );
      return;
    }
    case 'webhook.disabled': {
      const { owner_id: ownerId, url } = event.payload;
      await notify(
        trx,
        ownerId,
        'webhook_disabled',
        `Webhook endpoint ${url} was disabled after failing for days`,
        {
          url,
        },
      );
      return;
    }
    case 'expiry_digest.ready': {
      const { user_id: userId, expiring_count: expiring, expired_count: expired } = event.payload;
      await notify(
        trx,
        userId,
        'expiry_digest',
        `Expiry digest: ${expiring} expiring in the next 7 days, ${expired} expired`,
        { expiring, expired },
      );
      return;
    }
    case 'contact.received': {
      const { name, subject } = event.payload;
      await notifyAdmins(trx, 'contact_message', `New contact message from ${name}: ${subject}`, {
        name,
        subject,
      });
      return;
    }
  }
}

export const notificationConsumer: EventConsumer = {
  name: 'notifications',
  types: [
    'device.activated',
    'credits.changed',
    'registration.created',
    'contact.received',
    'webhook.disabled',
    'expiry_digest.ready',
  ],
  maxAttempts: 10,
  deliver: notifyAbout,
};
