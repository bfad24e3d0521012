import type { ResellerView } from '@shared/api/reseller';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@web/components/form-dialog';
import { CreateResellerForm } from './create-reseller-form';
import { EditResellerForm } from './edit-reseller-form';

export type ResellerDialogState = { mode: 'create' } | { mode: 'edit'; reseller: ResellerView } | null;

/** Add or edit a reseller; the form lives inside the dialog, so each opening starts fresh. */
export function ResellerFormDialog({
  state,
  onClose,
  isAdmin,
  availableCredits,
}: {
  state: ResellerDialogState;
  onClose: () => void;
  isAdmin: boolean;
  availableCredits: number | null;
}) {
  const { t } = useTranslation('panel-network');
  const creating = state?.mode === 'create';
  const title = creating
    ? isAdmin
      ? t('resellers.form.createTitle')
      : t('resellers.form.createSubTitle')
    : t('resellers.form.editTitle');
  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={title}
      description={creating ? t('resellers.form.createDescription') : t('resellers.form.editDescription')}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      {state?.mode === 'create' ? (
        <CreateResellerForm availableCredits={availableCredits} isAdmin={isAdmin} onDone={onClose} />
      ) : null}
      {state?.mode === 'edit' ? <EditResellerForm reseller={state.reseller} onDone={onClose} /> : null}
    </FormDialog>
  );
}
