import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinished, useCountdown } from '../lib/countdown';
import { formatClockPart } from '../lib/format';

/** The special-offer countdown of the home page: 01:22:59 down to 00:00:00, then a closing line. */
export function Countdown() {
  const { t, i18n } = useTranslation('marketing');
  const time = useCountdown();
  const labelId = useId();
  const parts = [
    { key: 'hours', value: time.hours, label: t('home.countdown.hours') },
    { key: 'minutes', value: time.minutes, label: t('home.countdown.minutes') },
    { key: 'seconds', value: time.seconds, label: t('home.countdown.seconds') },
  ];

  return (
    <div className="w-fit max-w-full rounded-2xl border border-white/15 bg-white/10 p-4 shadow-lg shadow-black/10 backdrop-blur-sm sm:p-5">
      <p id={labelId} className="text-sm font-semibold text-indigo-100">
        {t('home.countdown.label')}
      </p>
      <div
        role="timer"
        aria-labelledby={labelId}
        data-testid="countdown"
        className="mt-3 flex items-center gap-2 sm:gap-3 rtl:justify-end"
        dir="ltr"
      >
        {parts.map((part, index) => (
          <div key={part.key} className="flex items-center gap-2 sm:gap-3">
            {index > 0 ? (
              <span aria-hidden="true" className="text-2xl font-bold text-indigo-200">
                :
              </span>
            ) : null}
            <div className="min-w-16 rounded-xl bg-indigo-950/60 px-3 py-2 text-center ring-1 ring-white/10">
              <span className="block text-3xl font-extrabold tabular-nums text-white">
                {formatClockPart(i18n.language, part.value)}
              </span>
              <span className="block text-xs text-indigo-100">{part.label}</span>
            </div>
          </div>
        ))}
      </div>
      {isFinished(time) ? (
        <p role="status" className="mt-3 text-sm text-indigo-100">
          {t('home.countdown.ended')}
        </p>
      ) : null}
    </div>
  );
}
