import { zodResolver } from '@hookform/resolvers/zod';
import type { ResellerView } from '@shared/api/reseller';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@web/components/form-dialog';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useUpdateReseller } from './api';
import { editResellerFormSchema } from './reseller-form';
import { ResellerField, useResellerErrorText } from './reseller-form-fields';

/** The name and phone can change; the e-mail is shown but fixed. Nothing changed: nothing is sent. */
export function EditResellerForm({ reseller, onDone }: { reseller: ResellerView; onDone: () => void }) {
  const { t } = useTranslation('panel-network');
  const errorText = useResellerErrorText();
  const mutation = useUpdateReseller(reseller.id);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(editResellerFormSchema, { error: formErrorMap }),
    defaultValues: { name: reseller.name, phone: reseller.phone ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!isDirty) {
      onDone();
      return;
    }
    mutation.mutate(values, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('resellers.updated') });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('resellers.updateFailed'),
          description: translateError(error),
        });
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <ResellerField
        field="name"
        error={errorText(errors.name?.message)}
        autoComplete="off"
        {...register('name')}
      />
      <ResellerField field="email" type="email" value={reseller.email} readOnly disabled />
      <ResellerField
        field="phone"
        error={errorText(errors.phone?.message)}
        type="tel"
        autoComplete="off"
        {...register('phone')}
      />
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        submitLabel={t('resellers.form.save')}
        pendingLabel={t('resellers.form.saving')}
        pending={mutation.isPending}
      />
    </form>
  );
}
