import {
  ArrowRight,
  Cast,
  Laptop,
  Lightbulb,
  ListChecks,
  Smartphone,
  Tv,
  Usb,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { PageHero } from '../components/page-hero';
import { useReloadDocumentFor } from '@web/lib/document-navigation';

/** docs/product.md's device families, each with an anchor (/tutorials#apple-tv). */
const DEVICE_FAMILIES: { key: DeviceKey; id: string; icon: LucideIcon }[] = [
  { key: 'smartTv', id: 'smart-tv', icon: Tv },
  { key: 'android', id: 'android', icon: Cast },
  { key: 'sticks', id: 'sticks', icon: Usb },
  { key: 'appleTv', id: 'apple-tv', icon: Tv },
  { key: 'mobile', id: 'mobile', icon: Smartphone },
  { key: 'computers', id: 'computers', icon: Laptop },
];
type DeviceKey = 'smartTv' | 'android' | 'sticks' | 'appleTv' | 'mobile' | 'computers';

export function TutorialsPage() {
  const { t } = useTranslation('marketing-docs');
  const { t: tm } = useTranslation('marketing');
  const reloadDocumentFor = useReloadDocumentFor();
  const before = Object.values(t('tutorials.before.items', { returnObjects: true }));
  const playlistSteps = Object.values(t('tutorials.playlist.steps', { returnObjects: true }));
  const trouble = Object.values(t('tutorials.trouble.items', { returnObjects: true }));

  return (
    <>
      <PageHero
        documentTitle={tm('meta.tutorials.title')}
        title={t('tutorials.title')}
        intro={t('tutorials.intro')}
      />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <section aria-labelledby="before-title" className="rounded-3xl border bg-muted/50 p-6 sm:p-8">
          <h2 id="before-title" className="flex items-center gap-2 text-xl font-bold">
            <ListChecks aria-hidden="true" className="size-6 text-primary" />
            {t('tutorials.before.title')}
          </h2>
          <CheckList items={before} className="mt-5 md:grid-cols-2" />
        </section>

        <nav aria-labelledby="jump-title" className="mt-12">
          <h2
            id="jump-title"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            {t('tutorials.jump')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {DEVICE_FAMILIES.map(({ key, id, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-sm outline-none transition-colors hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`tutorials.devices.${key}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 grid gap-8">
          {DEVICE_FAMILIES.map(({ key, id, icon: Icon }) => (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-title`}
              className="scroll-mt-24 rounded-3xl border bg-card p-6 shadow-sm sm:p-8"
            >
              <div className="flex items-start gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white shadow-md shadow-violet-500/25">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h2 id={`${id}-title`} className="text-2xl font-bold">
                    {t(`tutorials.devices.${key}.title`)}
                  </h2>
                  <p className="mt-1 text-muted-foreground">{t(`tutorials.devices.${key}.summary`)}</p>
                </div>
              </div>
              <ol aria-label={t('tutorials.stepsLabel')} className="mt-6 grid gap-4">
                {Object.values(t(`tutorials.devices.${key}.steps`, { returnObjects: true })).map(
                  (step, index) => (
                    <li key={step} className="flex gap-4">
                      <span
                        aria-hidden="true"
                        className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-bold text-primary"
                      >
                        {index + 1}
                      </span>
                      <span className="pt-1 leading-relaxed">{step}</span>
                    </li>
                  ),
                )}
              </ol>
              <p className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
                <Lightbulb aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  <span className="font-semibold">{t('tutorials.tipLabel')}: </span>
                  {t(`tutorials.devices.${key}.tip`)}
                </span>
              </p>
            </section>
          ))}
        </div>

        <section
          id="add-playlist"
          aria-labelledby="playlist-title"
          className="mt-12 scroll-mt-24 rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 p-6 text-white shadow-xl shadow-violet-900/20 sm:p-10"
        >
          <h2 id="playlist-title" className="text-2xl font-bold">
            {t('tutorials.playlist.title')}
          </h2>
          <p className="mt-2 text-indigo-50">{t('tutorials.playlist.intro')}</p>
          <ol className="mt-6 grid gap-3 md:grid-cols-2">
            {playlistSteps.map((step, index) => (
              <li key={step} className="flex gap-3 rounded-xl bg-white/10 p-4">
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-items-center rounded-full bg-white text-sm font-bold text-violet-800"
                >
                  {index + 1}
                </span>
                <span className="leading-relaxed">{step}</span>
              </li>
            ))}
          </ol>
          <Link
            to="/account/view"
            reloadDocument={reloadDocumentFor('/account/view')}
            className={`${ctaButton({ tone: 'light', size: 'lg' })} mt-8`}
          >
            {t('tutorials.playlist.link')}
            <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
          </Link>
        </section>

        <section aria-labelledby="trouble-title" className="mt-12">
          <h2 id="trouble-title" className="flex items-center gap-2 text-2xl font-bold">
            <Wrench aria-hidden="true" className="size-6 text-primary" />
            {t('tutorials.trouble.title')}
          </h2>
          <ul className="mt-6 grid gap-3 md:grid-cols-2">
            {trouble.map((item) => (
              <li
                key={item}
                className="rounded-2xl border bg-card p-5 leading-relaxed text-muted-foreground shadow-sm"
              >
                {item}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <CtaBand title={t('tutorials.cta.title')} text={t('tutorials.cta.text')}>
        <Link to="/contact" className={ctaButton({ tone: 'light', size: 'lg' })}>
          {t('tutorials.cta.button')}
        </Link>
      </CtaBand>
    </>
  );
}
