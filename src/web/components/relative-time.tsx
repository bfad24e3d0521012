import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';

/** "5 minutes ago" in the reader's language; the exact date and time on hover, and for machines. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={value} title={formatDateTime(value, i18n.language)} className={className}>
      {formatRelativeTime(value, i18n.language)}
    </time>
  );
}
