import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { PageHero } from '../components/page-hero';
import { Stars } from '../components/stars';

/** docs/product.md: every rating is 5 except the third, which is 4. */
export const TESTIMONIAL_RATINGS = { t1: 5, t2: 5, t3: 4, t4: 5, t5: 5, t6: 5 } as const;
const FEATURED_RATING = 5;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

export function TestimonialsPage() {
  const { t } = useTranslation('marketing');
  const items = t('testimonials.items', { returnObjects: true });
  return (
    <>
      <PageHero
        documentTitle={t('meta.testimonials.title')}
        title={t('testimonials.title')}
        intro={t('testimonials.intro')}
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-chat-clear-7xl">
        <figure className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 p-8 text-white shadow-xl shadow-violet-900/20 sm:p-12">
          <Quote aria-hidden="true" className="absolute end-8 top-8 size-20 text-white/15 rtl:-scale-x-100" />
          <Stars rating={FEATURED_RATING} />
          <blockquote className="mt-6 max-w-3xl text-xl leading-relaxed font-medium text-pretty sm:text-2xl">
            <p>{t('quote', { text: t('testimonials.featured.quote') })}</p>
          </blockquote>
          <figcaption className="mt-8 flex items-center gap-4">
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-white/20 font-bold"
            >
              {initials(t('testimonials.featured.name'))}
            </span>
            <span>
              <span className="block font-semibold">{t('testimonials.featured.name')}</span>
              <span className="block text-sm text-indigo-100">{t('testimonials.featured.role')}</span>
            </span>
          </figcaption>
        </figure>

        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {Object.entries(items).map(([key, item]) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm">
                <Stars rating={TESTIMONIAL_RATINGS[key as keyof typeof TESTIMONIAL_RATINGS] ?? 5} />
                <blockquote className="mt-4 flex-1 leading-relaxed text-pretty">
                  <p>{t('quote', { text: item.quote })}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-10 place-items-center rounded-full bg-primary/10 text-sm font-bold text-primary"
                  >
                    {initials(item.name)}
                  </span>
                  <span>
                    <span className="block font-semibold">{item.name}</span>
                    <span className="block text-sm text-muted-foreground">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <CtaBand title={t('testimonials.cta.title')} text={t('testimonials.cta.text')}>
        <Link to="/order" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('home.hero.startTrial')}
        </Link>
        <Link to="/pricing" className={ctaButton({ tone: 'ghostLight', size: 'lg' })}>
          {t('home.hero.viewPlans')}
        </Link>
      </CtaBand>
    </>
  );
}
