import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';

export function LinksPage() {
  const { t } = useTranslation('panel');
  return <PageIntro title={t('links.title')} intro={t('links.intro')} />;
}
