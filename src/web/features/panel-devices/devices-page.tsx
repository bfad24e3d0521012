import { PAGE_SIZES, type PanelDevice } from '@shared/api/panel-device';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFilterSelect, ListLoadError } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import {
  DeviceStatusBadge,
  NoValue,
  PaidBadge,
  PaymentTypeBadge,
} from '@web/components/panel-device/device-badges';
import { Badge, toneForStatus } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PaginationBar } from '@web/components/ui/pagination';
import { Select } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
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
import { deviceListsQueryKey, listDevices } from '@web/lib/panel-devices-api';
import { usePanelUser } from '@web/lib/panel-session';
import { deleteDevice, toggleDeviceBan } from './api';
import {
  PAYMENT_FILTERS,
  PLAN_FILTERS,
  readFilters,
  toListQuery,
  writeFilters,
  type DeviceFilters,
  type PageSize,
} from './device-filters';
import { EditDeviceDialog } from './edit-device-dialog';

const COLUMNS = 8;

function ExpiryCell({ device, now }: { device: PanelDevice; now: number }) {
  const { t, i18n } = useTranslation('panel-devices');
  // SPEC.md section 4: a lifetime device shows no expiry date.
  if (device.payment_type === 'lifetime' || !device.expired_date) {
    return (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">{t('devices.noExpiry')}</span>
      </>
    );
  }
  const expired = new Date(device.expired_date).getTime() <= now;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="whitespace-nowrap">{formatDate(device.expired_date, i18n.language)}</span>
      {expired ? <Badge tone={toneForStatus('expired')}>{t('status.expired')}</Badge> : null}
    </span>
  );
}

function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  const { t, i18n } = useTranslation('panel-devices');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap text-muted-foreground">
        {t('devices.filters.perPage')}
      </Label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value) as PageSize)}
        className="h-9 w-20"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {formatNumber(size, i18n.language)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Manage Devices: filters, search, page size, the table, and the edit, ban and delete actions. */
export function DevicesPage() {
  const { t, i18n } = useTranslation('panel-devices');
  const user = usePanelUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [draftSearch, setDraftSearch] = useState(filters.search);
  const [editing, setEditing] = useState<PanelDevice | null>(null);
  const [deleting, setDeleting] = useState<PanelDevice | null>(null);
  const [now] = useState(() => Date.now());
  const ids = useId();

  const query = useQuery({
    queryKey: [...deviceListsQueryKey, user.id, toListQuery(filters)],
    queryFn: ({ signal }) => listDevices(user, toListQuery(filters), signal),
    placeholderData: keepPreviousData,
  });

  function applyFilters(change: Partial<DeviceFilters>) {
    // Any change but the page itself starts again at page 1.
    const next = { ...filters, page: 1, ...change };
    setParams(writeFilters(next), { replace: 'page' in change ? false : true });
  }

  // After a deletion the last page may be gone: step back to the new last page.
  const lastPage = query.data?.pagination.last_page;
  const page = filters.page;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) {
      setParams((previous) => writeFilters({ ...readFilters(previous), page: lastPage }), { replace: true });
    }
  }, [lastPage, page, setParams]);

  const banMutation = useMutation({
    mutationFn: (device: PanelDevice) => toggleDeviceBan(device.id),
    onSuccess: (device) => {
      toast({
        variant: 'success',
        title: device.banned ? t('devices.ban.banned') : t('devices.ban.unbanned'),
      });
      void queryClient.invalidateQueries({ queryKey: deviceListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['panel', 'dashboard'] });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t('devices.ban.failed'), description: translateError(error) });
    },
  });

  const deleteMutation = useMutation({
    mutationFn: (device: PanelDevice) => deleteDevice(device.id),
    onSuccess: () => {
      toast({ variant: 'success', title: t('devices.delete.success') });
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: deviceListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['panel', 'dashboard'] });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t('devices.delete.failed'),
        description: translateError(error),
      });
    },
  });

  const devices = query.data?.data ?? [];
  const pagination = query.data?.pagination;
  const filtered = Boolean(filters.search || filters.status || filters.payment);

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('devices.title')} intro={t('devices.intro')} />

      <Card>
        <CardContent className="pt-6">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))] lg:items-end">
            <form
              role="search"
              aria-label={t('devices.filters.label')}
              className="col-span-2 grid gap-2 lg:col-span-1"
              onSubmit={(event) => {
                event.preventDefault();
                applyFilters({ search: draftSearch });
              }}
            >
              <Label htmlFor={`${ids}-search`}>{t('devices.filters.search')}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${ids}-search`}
                  type="search"
                  value={draftSearch}
                  maxLength={100}
                  placeholder={t('devices.filters.searchPlaceholder')}
                  onChange={(event) => setDraftSearch(event.target.value)}
                />
                <Button type="submit" variant="secondary" className="shrink-0">
                  <Search aria-hidden="true" />
                  {t('devices.filters.submit')}
                </Button>
              </div>
            </form>
            <ListFilterSelect
              id={`${ids}-plan`}
              label={t('devices.filters.plan')}
              value={filters.status}
              onValueChange={(status) => applyFilters({ status })}
              allLabel={t('devices.filters.allPlans')}
              options={PLAN_FILTERS.map((plan) => ({ value: plan, label: t(`paymentType.${plan}`) }))}
            />
            <ListFilterSelect
              id={`${ids}-payment`}
              label={t('devices.filters.payment')}
              value={filters.payment}
              onValueChange={(payment) => applyFilters({ payment })}
              allLabel={t('devices.filters.allPayments')}
              options={PAYMENT_FILTERS.map((payment) => ({
                value: payment,
                label: payment === 'free' ? t('devices.filters.free') : t(`payment.${payment}`),
              }))}
            />
          </div>
          {filtered ? (
            <Button
              variant="link"
              className="mt-3 h-auto p-0"
              onClick={() => {
                setDraftSearch('');
                applyFilters({ search: '', status: '', payment: '' });
              }}
            >
              {t('devices.filters.reset')}
            </Button>
          ) : null}
        </CardContent>
      </Card>

      {query.isError && !query.data ? (
        <ListLoadError
          title={t('devices.fetchFailed')}
          error={query.error}
          retryLabel={t('devices.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <section aria-labelledby={`${ids}-caption`} className="grid gap-4">
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${ids}-caption`} className="text-lg font-semibold">
              {t('devices.table.caption')}
            </h2>
            {pagination ? (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('devices.total', { count: pagination.total })}
              </p>
            ) : null}
          </div>
          <Table aria-labelledby={`${ids}-caption`} aria-busy={query.isFetching} className="bg-card">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="whitespace-nowrap">{t('devices.table.mac')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.client')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.plan')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.payment')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.expiry')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.status')}</TableHead>
                <TableHead className="whitespace-nowrap">{t('devices.table.registered')}</TableHead>
                <TableHead className="text-end whitespace-nowrap">{t('devices.table.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableStatusBody
              colSpan={COLUMNS}
              query={query}
              loadingLabel={t('devices.loading')}
              empty={devices.length === 0 ? t('devices.empty') : null}
            >
              {devices.map((device) => (
                <TableRow key={device.id}>
                  <TableCell>
                    <span dir="ltr" className="font-mono text-sm whitespace-nowrap">
                      {device.mac}
                    </span>
                    {device.app_name ? (
                      <span className="block text-xs text-muted-foreground">{device.app_name}</span>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {device.name ? (
                      <span className="block max-w-48 truncate font-medium">{device.name}</span>
                    ) : (
                      <span className="text-muted-foreground">{t('notProvided')}</span>
                    )}
                    {device.phone ? (
                      <span dir="ltr" className="block text-xs text-muted-foreground">
                        {device.phone}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <PaymentTypeBadge device={device} />
                  </TableCell>
                  <TableCell>
                    <PaidBadge paid={device.paid} />
                  </TableCell>
                  <TableCell>
                    <ExpiryCell device={device} now={now} />
                  </TableCell>
                  <TableCell>
                    {isAdmin ? (
                      <span className="flex items-center gap-2">
                        <Switch
                          checked={!device.banned}
                          onCheckedChange={() => banMutation.mutate(device)}
                          disabled={banMutation.isPending && banMutation.variables?.id === device.id}
                          aria-label={t('devices.ban.switchLabel', { mac: device.mac })}
                        />
                        <DeviceStatusBadge banned={device.banned} />
                      </span>
                    ) : (
                      <DeviceStatusBadge banned={device.banned} />
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {device.created_at ? formatDate(device.created_at, i18n.language) : <NoValue />}
                  </TableCell>
                  <TableCell>
                    <span className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        title={t('devices.edit.title')}
                        aria-label={t('devices.edit.action', { mac: device.mac })}
                        onClick={() => setEditing(device)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      {isAdmin ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          title={t('devices.delete.confirm')}
                          aria-label={t('devices.delete.action', { mac: device.mac })}
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
                          onClick={() => setDeleting(device)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      ) : null}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableStatusBody>
          </Table>
          {pagination && pagination.total > 0 ? (
            <PaginationBar
              from={pagination.from ?? 0}
              to={pagination.to ?? 0}
              total={pagination.total}
              page={pagination.current_page}
              lastPage={pagination.last_page}
              onPageChange={(page) => applyFilters({ page })}
            >
              <PageSizeSelect value={filters.per_page} onChange={(per_page) => applyFilters({ per_page })} />
            </PaginationBar>
          ) : null}
        </section>
      )}

      <EditDeviceDialog device={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteMutation.isPending) setDeleting(null);
        }}
        title={t('devices.delete.title')}
        description={t('devices.delete.description', { mac: deleting?.mac ?? '' })}
        confirmLabel={t('devices.delete.confirm')}
        destructive
        busy={deleteMutation.isPending}
        onConfirm={() => deleting && deleteMutation.mutate(deleting)}
      />
    </div>
  );
}
