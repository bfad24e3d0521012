import type { ResellerView } from '@shared/api/reseller';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toast';
import { resellersQuery } from '@web/lib/reseller-list';

function matches(reseller: ResellerView, term: string): boolean {
  if (!term) return true;
  const needle = term.toLocaleLowerCase();
  return [reseller.name, reseller.email, reseller.phone ?? ''].some((value) =>
    value.toLocaleLowerCase().includes(needle),
  );
}

/**
 * The resellers the signed-in user manages (the whole list comes in one answer), the search over
 * name, e-mail and phone, and the totals of the stat cards.
 */
export function useResellersList() {
  const { t } = useTranslation('panel-network');
  const query = useQuery(resellersQuery());
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (query.isLoadingError) toast({ variant: 'destructive', title: t('resellers.loadFailed') });
  }, [query.isLoadingError, t]);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const visible = useMemo(() => all.filter((reseller) => matches(reseller, search.trim())), [all, search]);
  const totalCredits = all.reduce((sum, reseller) => sum + reseller.credits, 0);
  const stats = {
    count: all.length,
    totalCredits,
    averageCredits: all.length === 0 ? 0 : totalCredits / all.length,
  };
  return { query, resellers: query.data ? visible : undefined, search, setSearch, stats };
}
