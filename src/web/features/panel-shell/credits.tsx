import type { PanelUser } from '@shared/api/auth';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';

/** A user's credit balance: admins have unlimited credits, shown as ∞. */
export function CreditsValue({ user }: { user: PanelUser }) {
  const { t, i18n } = useTranslation('panel');
  if (user.role === 'admin') {
    return (
      <>
        <span aria-hidden="true">∞</span>
        <span className="sr-only">{t('shell.unlimitedCredits')}</span>
      </>
    );
  }
  return <>{new Intl.NumberFormat(i18n.language).format(user.credits)}</>;
}

/** "Credits: 12" for a reseller (admins pay nothing, so they get none): in the header and the drawer. */
export function CreditsBadge({ user, className }: { user: PanelUser; className?: string }) {
  const { t, i18n } = useTranslation('panel');
  if (user.role === 'admin') return null;
  return (
    <span
      className={cn(
        'items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary',
        className,
      )}
    >
      <Coins aria-hidden="true" className="size-4" />
      {t('shell.creditsBadge', { value: new Intl.NumberFormat(i18n.language).format(user.credits) })}
    </span>
  );
}
