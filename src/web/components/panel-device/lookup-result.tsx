import type { PanelDevice } from '@shared/api/panel-device';
import { RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { usePanelUser } from '@web/lib/panel-session';
import { isNotFound, type MacSearch } from './use-mac-search';

/** 'Device Not Found' or 'Search Error', with Retry Search. */
export function LookupErrorCard({
  error,
  notFoundTitle,
  onRetry,
  retrying,
}: {
  error: unknown;
  notFoundTitle?: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
  const notFound = isNotFound(error);
  const Icon = notFound ? SearchX : TriangleAlert;
  return (
    <Card className="border-destructive/40">
      <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">
          {notFound ? (notFoundTitle ?? t('lookup.notFoundTitle')) : t('lookup.errorTitle')}
        </h2>
        <p className="max-w-md text-sm text-muted-foreground">
          {notFound ? t('lookup.notFoundDescription') : t('lookup.errorDescription')}
        </p>
        {notFound && user.role !== 'admin' ? (
          // Another reseller's device answers "not found" too (nothing of it is revealed): say so.
          <p className="max-w-md text-sm text-muted-foreground">{t('lookup.managedElsewhere')}</p>
        ) : null}
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {t('lookup.retry')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** What a MAC search found: nothing yet, a spinner, an error card, or the device's cards. */
export function LookupResult({
  search,
  notFoundTitle,
  children,
}: {
  search: MacSearch;
  notFoundTitle?: string;
  children: (device: PanelDevice) => ReactNode;
}) {
  const { query } = search;
  if (search.searchedMac === null) return null;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LookupErrorCard
        error={query.error}
        notFoundTitle={notFoundTitle}
        onRetry={search.retry}
        retrying={search.searching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
