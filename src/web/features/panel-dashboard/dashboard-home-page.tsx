import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';
import { usePanelUser } from '@web/lib/panel-session';

export function DashboardHomePage() {
  const { t } = useTranslation('panel');
  const user = usePanelUser();
  return (
    <PageIntro
      title={t('home.title')}
      intro={`${t('home.welcome', { name: user.name })} ${t('home.role', { role: t(`roles.${user.role}`) })}`}
    />
  );
}
