import type { Db } from '../../db';
import { createPasswordResetRepository } from '../auth/password-reset-repository';
import type { StoredEvent } from '../events/domain-events';
import type { OutsideConsumer } from '../events/outbox';
import { newSessionToken, hashToken } from '../security/tokens';
import { createUserRepository } from '../users/user-repository';
import { expiryDigestMail, passwordChangedMail, passwordResetMail } from './mail-templates';
import type { Mailer } from './mailer';
import { EXPIRING_SOON_DEVICES_PATH } from '../../../shared/api/panel-device';

/**
 * E-mail as a consumer of the outbox (decision 0014): a request never waits for SMTP. The send runs
 * outside any transaction (decision 0050), so a slow mail server holds no database connection; a
 * reset token is stored after its mail went out, with the delivery's completion, so a failed send
 * stores nothing and the retry mints a fresh one. A mail sent whose commit then failed is sent again
 * (at least once): its first link then does not work, the second does.
 */
export function createMailConsumer(deps: {
  mailer: Mailer;
  /** BRAND_NAME: who the e-mails are from, in their words. */
  brandName: string;
  /** The origin of links in e-mails (PUBLIC_URL): never a request's Host header. */
  publicUrl: string;
  resetTokenMs: number;
  now?: () => Date;
}): OutsideConsumer {
  const { mailer, brandName, publicUrl, resetTokenMs } = deps;
  const now = deps.now ?? (() => new Date());

  async function send(event: StoredEvent, db: Db): Promise<((trx: Db) => Promise<void>) | null> {
    switch (event.type) {
      case 'password_reset.requested': {
        const user = await createUserRepository(db).findById(event.payload.user_id);
        // Deleted or banned since the request: nothing to send.
        if (!user || user.is_banned) return null;
        const token = newSessionToken();
        const at = now();
        const link = `${publicUrl}/reset-password?token=${token}`;
        await mailer.send(passwordResetMail(brandName, user, link, Math.round(resetTokenMs / 60_000)));
        return async (trx) => {
          const resets = createPasswordResetRepository(trx);
          await resets.deleteExpired(at);
          await resets.insert({
            tokenHash: hashToken(token),
            userId: user.id,
            createdAt: at,
            expiresAt: new Date(at.getTime() + resetTokenMs),
          });
        };
      }
      case 'password.reset': {
        const user = await createUserRepository(db).findById(event.payload.user_id);
        if (user) await mailer.send(passwordChangedMail(brandName, user));
        return null;
      }
      case 'expiry_digest.ready': {
        const user = await createUserRepository(db).findById(event.payload.user_id);
        // Banned, deleted, or opted out since the run: nothing to send.
        if (!user || user.is_banned || !user.has_expiry_digest) return null;
        const link = `${publicUrl}${EXPIRING_SOON_DEVICES_PATH}`;
        await mailer.send(expiryDigestMail(brandName, user, event.payload, link));
        return null;
      }
      default:
        return null;
    }
  }

  return {
    name: 'mail',
    types: ['password_reset.requested', 'password.reset', 'expiry_digest.ready'],
    // Backing off 1 s, 2 s, 4 s…: about an hour of an unreachable mail server before giving up.
    maxAttempts: 12,
    send,
  };
}
