import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { Button } from './button';

/** Up to five page numbers around the current one (docs/product.md). */
export function pageWindow(page: number, lastPage: number, size = 5): number[] {
  const count = Math.min(size, lastPage);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, lastPage - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pagination({
  page,
  lastPage,
  onPageChange,
}: {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        aria-label={t('pagination.previous')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
      </Button>
      {pageWindow(page, lastPage).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'outline'}
          size="icon"
          aria-label={t('pagination.page', { page: n })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="icon"
        aria-label={t('pagination.next')}
        disabled={page >= lastPage}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** Under a paged table: "Showing 11 to 20 of 42", any extra controls (page size), and the pages. */
export function PaginationBar({
  from,
  to,
  total,
  page,
  lastPage,
  onPageChange,
  children,
}: {
  from: number;
  to: number;
  total: number;
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const summary = (
    <p className="text-sm text-muted-foreground">
      {t('pagination.summary', {
        from: formatNumber(from, lng),
        to: formatNumber(to, lng),
        total: formatNumber(total, lng),
      })}
    </p>
  );
  return (
    // With extra controls the bar needs more room before it fits on one line.
    <div
      className={cn(
        'flex flex-col items-center justify-between gap-3',
        children ? 'md:flex-row' : 'sm:flex-row',
      )}
    >
      {children ? (
        <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
          {summary}
          {children}
        </div>
      ) : (
        summary
      )}
      <Pagination page={page} lastPage={lastPage} onPageChange={onPageChange} />
    </div>
  );
}
