import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A 0-5 star rating, read out as "Rated 4 out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <div role="img" aria-label={t('rating', { rating })} className={clsx('flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={clsx(
            'size-5',
            value <= rating ? 'fill-amber-400 text-amber-400' : 'fill-muted text-muted-foreground/40',
          )}
        />
      ))}
    </div>
  );
}
