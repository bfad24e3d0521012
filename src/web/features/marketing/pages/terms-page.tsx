import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';
import { PageHero } from '../components/page-hero';

interface TermsSection {
  title: string;
  p1: string;
  p2?: string;
  bullets?: Record<string, string>;
}

/** Terms of service, consistent with the 7-day money-back guarantee the site promises. */
export function TermsPage() {
  const { t } = useTranslation('marketing-docs');
  const { t: tm } = useTranslation('marketing');
  const { supportEmail } = useBrand();
  // Without a support address the terms point to the contact page instead.
  const email = supportEmail ?? t('terms.noEmail');
  const sections = Object.entries(
    t('terms.sections', { returnObjects: true, email }) as Record<string, TermsSection>,
  );
  return (
    <>
      <PageHero documentTitle={tm('meta.terms.title')} title={t('terms.title')} intro={t('terms.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-chat-clear-6xl">
        <nav aria-labelledby="terms-contents" className="lg:sticky lg:top-24 lg:h-fit">
          <h2
            id="terms-contents"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            {t('terms.contents')}
          </h2>
          <ol className="mt-4 grid gap-1 text-sm">
            {sections.map(([id, section]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded px-2 py-1 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <p className="text-sm text-muted-foreground">{t('terms.updated')}</p>
          {sections.map(([id, section]) => (
            <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${id}-title`} className="text-xl font-bold">
                {section.title}
              </h2>
              <p className="mt-3 leading-relaxed text-muted-foreground">{section.p1}</p>
              {section.bullets ? (
                <ul className="mt-3 grid list-disc gap-2 ps-6 leading-relaxed text-muted-foreground marker:text-primary">
                  {Object.values(section.bullets).map((bullet) => (
                    <li key={bullet}>{bullet}</li>
                  ))}
                </ul>
              ) : null}
              {section.p2 ? <p className="mt-3 leading-relaxed text-muted-foreground">{section.p2}</p> : null}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
