import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { FaqList, type FaqEntry } from '../components/faq-list';
import { PageHero } from '../components/page-hero';

export function FaqPage() {
  const { t } = useTranslation('marketing');
  const items: FaqEntry[] = Object.entries(t('faq.items', { returnObjects: true })).map(([id, item]) => ({
    id,
    ...item,
  }));
  return (
    <>
      <PageHero documentTitle={t('meta.faq.title')} title={t('faq.title')} intro={t('faq.intro')} />
      <div className="px-4 py-16 sm:px-6 lg:px-8">
        <FaqList items={items} />
      </div>
      <CtaBand title={t('faq.cta.title')} text={t('faq.cta.text')}>
        <Link to="/contact" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('faq.cta.button')}
        </Link>
      </CtaBand>
    </>
  );
}
