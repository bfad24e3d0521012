import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '@web/components/shown-once-dialog';

/** The one time a key's secret is shown: copy it now, it cannot be shown again. */
export function NewSecretDialog({
  created,
  onClose,
}: {
  created: { name: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <ShownOnceDialog
      value={created?.secret ?? null}
      title={t('apiKeys.secret.title', { name: created?.name ?? '' })}
      description={t('apiKeys.secret.description')}
      copyLabel={t('apiKeys.secret.copy')}
      warning={t('apiKeys.secret.once')}
      doneLabel={t('apiKeys.secret.done')}
      testId="api-key-secret"
      onClose={onClose}
    />
  );
}
