import { ListChecks, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckList } from '../components/check-list';
import { CtaBand } from '../components/cta-band';
import { ctaButton } from '../components/cta-button';
import { PageHero } from '../components/page-hero';
import { DEVICE_FAMILIES } from '../components/tutorials/device-families';
import { DeviceTutorial } from '../components/tutorials/device-tutorial';
import { PlaylistGuide } from '../components/tutorials/playlist-guide';

export function TutorialsPage() {
  const { t } = useTranslation('marketing-docs');
  const { t: tm } = useTranslation('marketing');
  const before = Object.values(t('tutorials.before.items', { returnObjects: true }));
  const trouble = Object.values(t('tutorials.trouble.items', { returnObjects: true }));

  return (
    <>
      <PageHero
        documentTitle={tm('meta.tutorials.title')}
        title={t('tutorials.title')}
        intro={t('tutorials.intro')}
      />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-chat-clear-6xl">
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
          {DEVICE_FAMILIES.map(({ key, id, icon }) => (
            <DeviceTutorial key={id} deviceKey={key} id={id} icon={icon} />
          ))}
        </div>

        <PlaylistGuide />

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
