import { useTranslation } from 'react-i18next';
import { brand } from '@shared/brand';

/** Sets the tab title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ page }: { page: string }) {
  const { t } = useTranslation('common');
  return <title>{t('documentTitle', { page, brand: brand.name })}</title>;
}
