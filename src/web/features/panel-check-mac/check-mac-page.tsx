import { History, X, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceHistoryCard } from '@web/components/audit/device-history-card';
import { PageIntro } from '@web/components/page-intro';
import { DeviceInfoCard } from '@web/components/panel-device/device-info-card';
import { LookupResult } from '@web/components/panel-device/lookup-result';
import { MacSearchForm } from '@web/components/panel-device/mac-search-form';
import { SubscriptionCard } from '@web/components/panel-device/subscription-card';
import { useMacSearch } from '@web/components/panel-device/use-mac-search';
import { Button } from '@web/components/ui/button';
import { useMacSearchHistory } from './mac-search-history';

/** Check MAC: look a device up by MAC; the last five MACs found stay one click away. */
export function CheckMacPage() {
  const { t } = useTranslation('panel-devices');
  const { history, remember, clear } = useMacSearchHistory();
  const search = useMacSearch({ onFound: (device) => remember(device.mac) });

  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('checkMac.title')} intro={t('checkMac.intro')} />
      <MacSearchForm search={search}>
        {history.length > 0 ? (
          <section aria-labelledby="recent-mac-searches" className="grid gap-2 border-t pt-4">
            <div className="flex items-center justify-between gap-2">
              <h2
                id="recent-mac-searches"
                className="flex items-center gap-2 text-sm font-medium text-muted-foreground"
              >
                <History aria-hidden="true" className="size-4" />
                {t('checkMac.recent')}
              </h2>
              <Button
                variant="ghost"
                size="sm"
                onClick={clear}
                aria-label={t('checkMac.clearRecent')}
                className="text-muted-foreground"
              >
                <X aria-hidden="true" />
                {t('checkMac.clear')}
              </Button>
            </div>
            <ul className="flex flex-wrap gap-2">
              {history.map((mac) => (
                <li key={mac}>
                  <Button
                    variant="outline"
                    size="sm"
                    className="font-mono"
                    aria-label={t('checkMac.searchAgain', { mac })}
                    disabled={search.searching}
                    onClick={() => search.search(mac)}
                  >
                    <span dir="ltr">{mac}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </MacSearchForm>

      <LookupResult search={search} notFoundTitle={t('checkMac.notFound')}>
        {(device) => (
          <div className="grid gap-6">
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <DeviceInfoCard device={device} />
              <SubscriptionCard device={device}>
                <Button asChild variant="outline" className="w-full sm:w-auto">
                  <Link to={`/dashboard/activate-mac?mac=${encodeURIComponent(device.mac)}`}>
                    <Zap aria-hidden="true" />
                    {t('checkMac.activate')}
                  </Link>
                </Button>
              </SubscriptionCard>
            </div>
            {/* Only to those who manage the device (they alone get its key): others' history is not theirs. */}
            {device.cle_mac !== undefined ? <DeviceHistoryCard deviceId={device.id} /> : null}
          </div>
        )}
      </LookupResult>
    </div>
  );
}
