import { PAGE_SIZES } from '@shared/api/panel-device';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterSelect } from '@web/components/list-page';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { formatNumber } from '@web/lib/format';
import { useListSearch } from '@web/lib/use-list-search';
import {
  EXPIRY_FILTERS,
  PAYMENT_FILTERS,
  PLAN_FILTERS,
  type DeviceFilters,
  type PageSize,
} from './device-filters';

/** Search (applied on Enter or the button, not on every key), plan, payment and expiry, and Reset. */
export function DevicesFilterBar({
  filters,
  update,
}: {
  filters: DeviceFilters;
  update: (change: Partial<DeviceFilters>) => void;
}) {
  const { t } = useTranslation('panel-devices');
  const ids = useId();
  const search = useListSearch(filters.search, (value) => update({ search: value }));
  const filtered = Boolean(filters.search || filters.status || filters.payment || filters.expiring);
  return (
    <Card>
      <CardContent className="pt-6">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] lg:items-end">
          <form
            role="search"
            aria-label={t('devices.filters.label')}
            className="col-span-2 grid gap-2 lg:col-span-1"
            onSubmit={search.submit}
          >
            <Label htmlFor={`${ids}-search`}>{t('devices.filters.search')}</Label>
            <div className="flex gap-2">
              <Input
                id={`${ids}-search`}
                type="search"
                // A MAC or an e-mail reads left-to-right even in Arabic, a name in its own script; the
                // empty box keeps the page's direction so the placeholder sits where the label does.
                dir={search.draft ? 'auto' : undefined}
                value={search.draft}
                maxLength={100}
                placeholder={t('devices.filters.searchPlaceholder')}
                onChange={(event) => search.setDraft(event.target.value)}
              />
              {/* Icon only on a phone: the field keeps the width to show its placeholder. */}
              <Button type="submit" variant="secondary" className="shrink-0">
                <Search aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('devices.filters.submit')}</span>
              </Button>
            </div>
          </form>
          <ListFilterSelect
            id={`${ids}-plan`}
            label={t('devices.filters.plan')}
            value={filters.status}
            onValueChange={(status) => update({ status })}
            allLabel={t('devices.filters.allPlans')}
            options={PLAN_FILTERS.map((plan) => ({ value: plan, label: t(`paymentType.${plan}`) }))}
          />
          <ListFilterSelect
            id={`${ids}-payment`}
            label={t('devices.filters.payment')}
            value={filters.payment}
            onValueChange={(payment) => update({ payment })}
            allLabel={t('devices.filters.allPayments')}
            options={PAYMENT_FILTERS.map((payment) => ({
              value: payment,
              label: payment === 'free' ? t('devices.filters.free') : t(`payment.${payment}`),
            }))}
          />
          {/* The odd third select takes the whole row on a phone, so its longest choice shows whole. */}
          <ListFilterSelect
            id={`${ids}-expiry`}
            className="col-span-2 lg:col-span-1"
            label={t('devices.filters.expiry')}
            value={filters.expiring}
            onValueChange={(expiring) => update({ expiring })}
            allLabel={t('devices.filters.anyExpiry')}
            options={EXPIRY_FILTERS.map((window) => ({
              value: window,
              label: t(`devices.filters.expiring.${window}`),
            }))}
          />
        </div>
        {filtered ? (
          <Button
            variant="link"
            className="mt-3 h-auto p-0"
            onClick={() => {
              search.setDraft('');
              update({ search: '', status: '', payment: '', expiring: '' });
            }}
          >
            {t('devices.filters.reset')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
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
