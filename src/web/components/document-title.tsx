import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';

/** Sets the tab title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ page }: { page: string }) {
  const { t } = useTranslation('common');
  const brand = useBrand();
  return <title>{t('documentTitle', { page, brand: brand.name })}</title>;
}
