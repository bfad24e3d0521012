import type { ActivationBody, PanelDevice } from '@shared/api/panel-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { formatNumber } from '@web/lib/format';
import { useIdempotencyKey } from '@web/lib/idempotency';
import { useActivateDevice } from './api';

/** docs/product.md: a refusal (4xx) is 'Activation Failed' with the reason; anything else is 'Error'. */
function isRefusal(error: unknown): boolean {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500;
}

/**
 * Sending the activation and telling the reseller how it went: the toast (with the new balance, which
 * a phone's header hides), the failure shown in the dialog, and the device-key field when the device
 * turns out to be a viewer's.
 */
export function useActivationSubmit(
  device: PanelDevice,
  reactions: { onDone: () => void; onKeyNeeded: () => void },
) {
  const { t, i18n } = useTranslation('panel-devices');
  const mutation = useActivateDevice(device.mac);
  // One key per attempt in this opening: a double click is charged once; a refusal ends the attempt.
  const attempt = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);

  function submit(body: ActivationBody) {
    setFailure(null);
    mutation.mutate(
      { body, idempotencyKey: attempt.key },
      {
        onSuccess: (answer) => {
          const balance = answer.updated_credits;
          toast({
            variant: 'success',
            title: t('activate.success'),
            ...(balance === null
              ? {}
              : { description: t('activate.newBalance', { value: formatNumber(balance, i18n.language) }) }),
          });
          reactions.onDone();
        },
        onError: (error) => {
          // A refusal was answered: the next submit is a new attempt. A lost answer keeps the key, so
          // trying again cannot charge twice if the first request did get through.
          if (isRefusal(error) && errorCodeOf(error) !== 'request_in_progress') attempt.renew();
          const title = isRefusal(error) ? t('activate.failedTitle') : t('activate.errorTitle');
          const description = isApiRequestError(error) ? translateError(error) : t('activate.errorFallback');
          setFailure(description);
          toast({ variant: 'destructive', title, description });
          const code = errorCodeOf(error);
          if (code === 'device_key_required' || code === 'device_key_incorrect') reactions.onKeyNeeded();
        },
      },
    );
  }

  return { submit, failure, pending: mutation.isPending };
}
