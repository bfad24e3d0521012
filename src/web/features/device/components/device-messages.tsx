import type { DeviceView } from '@shared/api/device';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@web/lib/format';
import { messageText } from '@web/lib/message-text';

/**
 * The current messages from the viewer's provider (docs/architecture.md §6.14), newest first, in the
 * page's language or the first one written; nothing at all when there are none.
 */
export function DeviceMessages({ messages }: { messages: DeviceView['messages'] }) {
  const { t, i18n } = useTranslation('device');
  if (messages.length === 0) return null;
  return (
    <section
      aria-labelledby="device-messages"
      className="grid gap-3 rounded-2xl border border-sky-600/30 bg-sky-50 p-5 dark:bg-sky-950/40"
    >
      <h2 id="device-messages" className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone aria-hidden="true" className="size-5 text-sky-700 dark:text-sky-300" />
        {t('messages.title')}
      </h2>
      <ul className="grid gap-3">
        {messages.map((message) => {
          const shown = messageText(message.texts, i18n.language);
          return (
            <li key={message.id} className="grid gap-1 rounded-lg bg-card p-3 shadow-xs ring-1 ring-border">
              <p lang={shown.language} dir="auto" className="whitespace-pre-line break-words">
                {shown.text}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('messages.until', { date: formatDate(message.expires_at, i18n.language) })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
