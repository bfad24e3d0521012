import type { PanelDevice } from '@shared/api/panel-device';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '@web/components/page-intro';
import { DeviceInfoCard } from '@web/components/panel-device/device-info-card';
import { LookupResult } from '@web/components/panel-device/lookup-result';
import { MacSearchForm } from '@web/components/panel-device/mac-search-form';
import { SubscriptionCard } from '@web/components/panel-device/subscription-card';
import { useMacSearch } from '@web/components/panel-device/use-mac-search';
import { Button } from '@web/components/ui/button';
import { ActivationDialog } from './activation-dialog';

function FoundDevice({ device }: { device: PanelDevice }) {
  const { t } = useTranslation('panel-devices');
  const [open, setOpen] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <DeviceInfoCard device={device} />
      <SubscriptionCard device={device}>
        <Button size="lg" className="w-full" onClick={() => setOpen(true)}>
          <Zap aria-hidden="true" />
          {t('activate.button')}
        </Button>
      </SubscriptionCard>
      <ActivationDialog device={device} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** Activate MAC Address: find the device, then spend credits on a one-year or lifetime plan. */
export function ActivateMacPage() {
  const { t } = useTranslation('panel-devices');
  const search = useMacSearch();
  return (
    <div className="flex flex-col gap-6">
      <PageIntro title={t('activate.title')} intro={t('activate.intro')} />
      <MacSearchForm search={search} />
      <LookupResult search={search}>
        {(device) => <FoundDevice key={device.id} device={device} />}
      </LookupResult>
    </div>
  );
}
