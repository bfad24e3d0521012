import type { PanelUser } from '@shared/api/auth';
import { useTranslation } from 'react-i18next';

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
