import { useTranslation } from 'react-i18next';

const STATS = ['channels', 'uptime', 'catchup', 'support'] as const;

/** The service in four figures, under the hero. */
export function StatsBand() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-label={t('home.stats.label')} className="border-b bg-background">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-chat-clear-7xl">
        {STATS.map((key) => (
          <div key={key} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-muted-foreground">{t(`home.stats.${key}.label`)}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">
              {t(`home.stats.${key}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
