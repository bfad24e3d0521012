import { Info, RotateCcw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const HELP = [
  { key: 'mac', icon: Info },
  { key: 'secure', icon: ShieldCheck },
  { key: 'guarantee', icon: RotateCcw },
] as const;

/** Beside the order form: where to find the MAC, payment safety, the money-back guarantee. */
export function OrderHelp() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="order-help-title" className="h-fit rounded-3xl border bg-muted/50 p-6 sm:p-8">
      <h2 id="order-help-title" className="text-lg font-semibold">
        {t('order.help.title')}
      </h2>
      <ul className="mt-5 grid gap-5">
        {HELP.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="text-muted-foreground">{t(`order.help.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
