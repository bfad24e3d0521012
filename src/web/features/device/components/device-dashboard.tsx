import type { DeviceView } from '@shared/api/device';
import { LogOut, RefreshCw, Tv } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { tabIds, Tabs, tabPanelProps } from '@web/components/ui/tabs';
import { cn } from '@web/lib/utils';
import { AccountPanel } from './account-panel';
import { DeviceMessages } from './device-messages';
import { PlaylistsPanel } from './playlists-panel';
import { PlanBadge } from './subscription-badges';
import { SubscriptionSummary } from './subscription-summary';

type DeviceTab = 'playlists' | 'account';
const TABS_ID = 'device-tabs';

/**
 * The signed-in device page: welcome header with the MAC and plan, subscription status, reload and
 * sign out, then the playlists and account tabs. While something loads or saves, a spinner covers
 * the page and its buttons are disabled.
 */
export function DeviceDashboard({
  device,
  busy,
  savingLabel,
  onReload,
  onSignOut,
}: {
  device: DeviceView;
  busy: boolean;
  savingLabel: string;
  onReload: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation('device');
  const [tab, setTab] = useState<DeviceTab>('playlists');
  const panel = tabIds(TABS_ID, tab);

  return (
    <div className="relative grid gap-6" aria-busy={busy}>
      <section
        aria-labelledby="device-welcome"
        className="grid gap-6 rounded-2xl border bg-gradient-to-br from-primary/10 via-card to-card p-5 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground sm:flex">
              <Tv aria-hidden="true" className="size-6" />
            </span>
            <div className="grid min-w-0 gap-2">
              <h1 id="device-welcome" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {t('dashboard.welcome')}
              </h1>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground">{t('dashboard.signedInAs')}</span>
                <span
                  dir="ltr"
                  className="rounded-md bg-background px-2 py-0.5 font-mono text-sm font-semibold shadow-xs ring-1 ring-border"
                  data-testid="device-mac"
                >
                  {device.mac}
                </span>
                <PlanBadge paymentType={device.payment_type} />
              </div>
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" onClick={onReload} disabled={busy} className="flex-1 sm:flex-none">
              <RefreshCw aria-hidden="true" className={cn(busy && 'animate-spin')} />
              {t('dashboard.reload')}
            </Button>
            <Button variant="ghost" onClick={onSignOut} disabled={busy} className="flex-1 sm:flex-none">
              <LogOut aria-hidden="true" className="rtl:rotate-180" />
              {t('dashboard.signOut')}
            </Button>
          </div>
        </div>
        <SubscriptionSummary device={device} />
      </section>

      <DeviceMessages messages={device.messages} />

      <div className="grid gap-5">
        <Tabs
          id={TABS_ID}
          label={t('dashboard.tabsLabel')}
          value={tab}
          onValueChange={setTab}
          className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit"
          items={[
            { value: 'playlists', label: t('dashboard.tabs.playlists') },
            { value: 'account', label: t('dashboard.tabs.account') },
          ]}
        />
        <div
          id={panel.panel}
          {...tabPanelProps(panel.tab)}
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {tab === 'playlists' ? <PlaylistsPanel device={device} /> : <AccountPanel device={device} />}
        </div>
      </div>

      {busy ? (
        <div className="absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-background/60 pt-40 backdrop-blur-[1px]">
          <Spinner label={savingLabel} />
        </div>
      ) : null}
    </div>
  );
}
