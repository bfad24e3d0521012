import { Lightbulb, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DeviceKey } from './device-families';

/** One device family's set-up: its numbered steps and a tip, under an anchor of its own. */
export function DeviceTutorial({
  deviceKey,
  id,
  icon: Icon,
}: {
  deviceKey: DeviceKey;
  id: string;
  icon: LucideIcon;
}) {
  const { t } = useTranslation('marketing-docs');
  const steps = Object.values(t(`tutorials.devices.${deviceKey}.steps`, { returnObjects: true }));
  return (
    <section
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
            {t(`tutorials.devices.${deviceKey}.title`)}
          </h2>
          <p className="mt-1 text-muted-foreground">{t(`tutorials.devices.${deviceKey}.summary`)}</p>
        </div>
      </div>
      <ol aria-label={t('tutorials.stepsLabel')} className="mt-6 grid gap-4">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-bold text-primary"
            >
              {index + 1}
            </span>
            <span className="pt-1 leading-relaxed">{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
        <Lightbulb aria-hidden="true" className="size-5 shrink-0" />
        <span>
          <span className="font-semibold">{t('tutorials.tipLabel')}: </span>
          {t(`tutorials.devices.${deviceKey}.tip`)}
        </span>
      </p>
    </section>
  );
}
