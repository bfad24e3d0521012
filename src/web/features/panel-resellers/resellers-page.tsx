import type { ResellerView } from '@shared/api/reseller';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Coins, Pencil, RotateCcw, Sigma, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchField, ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { StatCard } from '@web/components/ui/stat-card';
import {
  Table,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStatusBody,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formatDate, formatNumber } from '@web/lib/format';
import { usePanelUser } from '@web/lib/panel-session';
import { resellersQuery, resellersQueryKey } from '@web/lib/reseller-list';
import { toggleResellerBan } from './api';
import { ResellerFormDialog, type ResellerDialogState } from './reseller-form-dialog';

function matches(reseller: ResellerView, term: string): boolean {
  if (!term) return true;
  const needle = term.toLocaleLowerCase();
  return [reseller.name, reseller.email, reseller.phone ?? ''].some((value) =>
    value.toLocaleLowerCase().includes(needle),
  );
}

/**
 * Reseller Management (SPEC.md section 2): admins see every reseller and sub-reseller; anyone else
 * sees their own sub-resellers, and the page is labelled Sub-Resellers for them.
 */
export function ResellersPage() {
  const { t, i18n } = useTranslation('panel-network');
  const user = usePanelUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const resellers = useQuery(resellersQuery());
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<ResellerDialogState>(null);
  const [banTarget, setBanTarget] = useState<ResellerView | null>(null);
  const lng = i18n.language;

  useEffect(() => {
    if (resellers.isLoadingError) toast({ variant: 'destructive', title: t('resellers.loadFailed') });
  }, [resellers.isLoadingError, t]);

  const all = useMemo(() => resellers.data ?? [], [resellers.data]);
  const visible = useMemo(() => all.filter((reseller) => matches(reseller, search.trim())), [all, search]);
  const totalCredits = all.reduce((sum, reseller) => sum + reseller.credits, 0);
  const average = all.length === 0 ? 0 : totalCredits / all.length;

  const ban = useMutation({
    mutationFn: (reseller: ResellerView) => toggleResellerBan(reseller.id),
    onSuccess: async (_, reseller) => {
      toast({
        variant: 'success',
        title: reseller.banned
          ? t('resellers.unbanned', { name: reseller.name })
          : t('resellers.banned', { name: reseller.name }),
      });
      setBanTarget(null);
      await queryClient.invalidateQueries({ queryKey: resellersQueryKey });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t('resellers.banFailed'), description: translateError(error) });
    },
  });

  const columns = isAdmin ? 6 : 5;
  const title = isAdmin ? t('resellers.title') : t('resellers.titleSub');

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={title} intro={isAdmin ? t('resellers.intro') : t('resellers.introSub')} />

      <section aria-label={t('resellers.stats.label')} className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t('resellers.stats.total')}
          value={resellers.isPending ? '–' : formatNumber(all.length, lng)}
          icon={Users}
        />
        <StatCard
          label={t('resellers.stats.credits')}
          value={resellers.isPending ? '–' : formatNumber(totalCredits, lng)}
          icon={Coins}
        />
        <StatCard
          label={t('resellers.stats.average')}
          value={
            resellers.isPending
              ? '–'
              : new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(average)
          }
          icon={Sigma}
        />
      </section>

      <ListToolbar
        addLabel={isAdmin ? t('resellers.add') : t('resellers.addSub')}
        onAdd={() => setDialog({ mode: 'create' })}
      >
        <ListSearchField
          id="reseller-search"
          label={t('resellers.searchLabel')}
          value={search}
          onValueChange={setSearch}
          placeholder={t('resellers.searchPlaceholder')}
          className="w-full sm:max-w-sm"
        />
      </ListToolbar>

      <Table aria-label={title} aria-busy={resellers.isPending}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('resellers.table.name')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('resellers.table.phone')}</TableHead>
            <TableHead className="text-end">{t('resellers.table.credits')}</TableHead>
            {isAdmin ? (
              <TableHead className="hidden lg:table-cell">{t('resellers.table.role')}</TableHead>
            ) : null}
            <TableHead className="hidden sm:table-cell">{t('resellers.table.status')}</TableHead>
            <TableHead className="text-end">{t('resellers.table.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableStatusBody
          colSpan={columns}
          query={resellers}
          failure={t('resellers.loadFailed')}
          empty={visible.length === 0 ? t('resellers.empty') : null}
        >
          {visible.map((reseller) => (
            <TableRow key={reseller.id}>
              <TableCell>
                <div className="grid min-w-36 gap-0.5">
                  <span className="font-medium">{reseller.name}</span>
                  <span dir="ltr" className="truncate text-start text-xs text-muted-foreground">
                    {reseller.email}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t('resellers.table.since', { date: formatDate(reseller.created_at, lng) })}
                  </span>
                  {/* On a phone the status column makes way; the badge sits under the name. */}
                  <Badge tone={toneForStatus(reseller.status)} className="mt-1 justify-self-start sm:hidden">
                    {reseller.banned ? t('resellers.status.banned') : t('resellers.status.active')}
                  </Badge>
                </div>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <span dir="ltr">{reseller.phone ?? '—'}</span>
              </TableCell>
              <TableCell className="text-end font-semibold tabular-nums">
                {formatNumber(reseller.credits, lng)}
              </TableCell>
              {isAdmin ? (
                <TableCell className="hidden lg:table-cell">
                  <Badge tone={reseller.role === 'reseller' ? 'info' : 'neutral'}>
                    {reseller.role === 'reseller'
                      ? t('resellers.roles.reseller')
                      : t('resellers.roles.sub_reseller')}
                  </Badge>
                </TableCell>
              ) : null}
              <TableCell className="hidden sm:table-cell">
                <Badge tone={toneForStatus(reseller.status)}>
                  {reseller.banned ? t('resellers.status.banned') : t('resellers.status.active')}
                </Badge>
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('resellers.edit', { name: reseller.name })}
                    title={t('resellers.edit', { name: reseller.name })}
                    onClick={() => setDialog({ mode: 'edit', reseller })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className={reseller.banned ? undefined : 'text-destructive hover:text-destructive'}
                    aria-label={
                      reseller.banned
                        ? t('resellers.unbanLabel', { name: reseller.name })
                        : t('resellers.banLabel', { name: reseller.name })
                    }
                    onClick={() => setBanTarget(reseller)}
                  >
                    {reseller.banned ? <RotateCcw aria-hidden="true" /> : <Ban aria-hidden="true" />}
                    <span className="hidden sm:inline">
                      {reseller.banned ? t('resellers.unban') : t('resellers.ban')}
                    </span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableStatusBody>
      </Table>

      <ResellerFormDialog
        state={dialog}
        onClose={() => setDialog(null)}
        isAdmin={isAdmin}
        availableCredits={isAdmin ? null : user.credits}
      />

      <ConfirmDialog
        open={banTarget !== null}
        onOpenChange={(open) => (open ? undefined : setBanTarget(null))}
        title={
          banTarget?.banned
            ? t('resellers.unbanConfirm.title', { name: banTarget.name })
            : t('resellers.banConfirm.title', { name: banTarget?.name ?? '' })
        }
        description={
          banTarget?.banned ? t('resellers.unbanConfirm.description') : t('resellers.banConfirm.description')
        }
        confirmLabel={banTarget?.banned ? t('resellers.unban') : t('resellers.ban')}
        destructive={!banTarget?.banned}
        busy={ban.isPending}
        onConfirm={() => banTarget && ban.mutate(banTarget)}
      />
    </div>
  );
}
