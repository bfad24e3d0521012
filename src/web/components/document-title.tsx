import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';

/**
 * Sets the tab title. React 19 hoists the <title> into <head> (the server's HTML has it there); the
 * marketing site hydrates on Preact (docs/decisions/0018), which does not, so the effect sets it.
 */
export function DocumentTitle({ page }: { page: string }) {
  const { t } = useTranslation('common');
  const brand = useBrand();
  const title = t('documentTitle', { page, brand: brand.name });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <title>{title}</title>;
}
