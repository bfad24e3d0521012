import { Apple, Cast, Laptop, Play, Smartphone, Tablet, Tv, Usb, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';
import { CheckList } from '../check-list';
import { Section } from '../section';

const DEVICES = [
  { key: 'tv', icon: Tv },
  { key: 'stick', icon: Usb },
  { key: 'box', icon: Cast },
  { key: 'phone', icon: Smartphone },
  { key: 'tablet', icon: Tablet },
  { key: 'computer', icon: Laptop },
] as const;

const badgeClass =
  'inline-flex items-center gap-3 rounded-xl bg-black px-5 py-2.5 text-white shadow-lg outline-none ring-1 ring-white/10 transition-transform hover:-translate-y-0.5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:transition-none dark:ring-white/25';

/** A store's download badge, opening the app's page in a new tab. */
function StoreBadge({
  store,
  href,
  icon: Icon,
}: {
  store: 'appStore' | 'playStore';
  href: string;
  icon: LucideIcon;
}) {
  const { t } = useTranslation('marketing');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={badgeClass}>
      <Icon aria-hidden="true" className="size-7 fill-current" />
      <span className="flex flex-col items-start leading-tight">
        <span className="text-xs">{t(`home.about.${store}Small`)}</span>
        <span className="text-lg font-semibold">{t(`home.about.${store}Large`)}</span>
      </span>
      <span className="sr-only">
        {t(`home.about.${store}Label`)} {t('newTab')}
      </span>
    </a>
  );
}

/** What the app is, where to get it (the stores the operator lists), and the kinds of device it runs on. */
export function AboutSection() {
  const { t } = useTranslation('marketing');
  const { appStoreUrl, playStoreUrl } = useBrand();
  const points = t('home.about.points', { returnObjects: true });
  return (
    <Section eyebrow={t('home.about.eyebrow')} title={t('home.about.title')} tinted align="start">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-lg leading-relaxed text-muted-foreground">{t('home.about.text')}</p>
          <CheckList items={Object.values(points)} className="mt-6" />
          {appStoreUrl || playStoreUrl ? (
            <div className="mt-8 flex flex-wrap gap-3">
              {appStoreUrl ? <StoreBadge store="appStore" href={appStoreUrl} icon={Apple} /> : null}
              {playStoreUrl ? <StoreBadge store="playStore" href={playStoreUrl} icon={Play} /> : null}
            </div>
          ) : null}
        </div>
        <ul aria-label={t('home.about.devices.label')} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {DEVICES.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-3 py-6 text-center shadow-sm"
            >
              <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-indigo-500/15 to-fuchsia-500/15 text-primary">
                <Icon aria-hidden="true" className="size-7" strokeWidth={1.75} />
              </span>
              <span className="text-sm font-medium">{t(`home.about.devices.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
