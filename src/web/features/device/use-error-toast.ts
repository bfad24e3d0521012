import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toast';
import { errorCodeOf, translateError } from '@web/lib/api-errors';

/** A failed playlist call: the generic error toast, with the reason when the server gave a known one. */
export function useErrorToast(): (error: unknown) => void {
  const { t } = useTranslation('device');
  return (error) => {
    const code = errorCodeOf(error);
    toast({
      variant: 'destructive',
      title: t('toast.error'),
      description: code === 'unknown' ? undefined : translateError(error),
    });
  };
}
