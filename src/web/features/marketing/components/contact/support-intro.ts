import type { Brand } from '@shared/brand';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';

export type SupportChannel = 'email' | 'chat' | 'telegram';

/**
 * The ways of reaching support the contact page's intro may name: only those the operator configured
 * (an unset contact is hidden everywhere). The chat is WhatsApp, as on the chat card.
 */
export function supportChannels(brand: Brand): SupportChannel[] {
  const channels: SupportChannel[] = [];
  if (brand.supportEmail) channels.push('email');
  if (brand.whatsapp) channels.push('chat');
  if (brand.telegram) channels.push('telegram');
  return channels;
}

/**
 * "Our support team answers by e-mail and Telegram, …", or a sentence naming none when nothing is
 * configured. The list is joined by the translations, not Intl.ListFormat, so the server's render and
 * the browser's hydration cannot disagree over a runtime's locale data.
 */
export function useSupportIntro(): string {
  const { t } = useTranslation('marketing');
  const [first, second, third] = supportChannels(useBrand()).map((channel) =>
    t(`contact.channels.${channel}`),
  );
  if (first === undefined) return t('contact.introNoChannels');
  const channels =
    second === undefined
      ? first
      : third === undefined
        ? t('contact.channels.two', { first, second })
        : t('contact.channels.three', { first, second, third });
  return t('contact.intro', { channels });
}
