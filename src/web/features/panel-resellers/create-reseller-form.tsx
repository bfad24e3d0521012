import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@web/components/form-dialog';
import { PasswordField } from '@web/components/form-field';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { formatNumber } from '@web/lib/format';
import { useCreateReseller } from './api';
import { createResellerFormSchema, floorCredits } from './reseller-form';
import { ResellerField, useResellerErrorText } from './reseller-form-fields';
import { StartingCreditsField } from './starting-credits-field';

export function CreateResellerForm({
  availableCredits,
  isAdmin,
  onDone,
}: {
  /** The creator's balance; null for admins (unlimited). */
  availableCredits: number | null;
  isAdmin: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('panel-network');
  const { t: tPanel } = useTranslation('panel');
  const errorText = useResellerErrorText();
  const mutation = useCreateReseller(isAdmin);
  const available =
    availableCredits === null
      ? ''
      : t('credits.count', {
          count: availableCredits,
          formatted: formatNumber(availableCredits, i18n.language),
        });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createResellerFormSchema(availableCredits), { error: formErrorMap }),
    defaultValues: { name: '', email: '', password: '', phone: '', credits: '0' as unknown },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        toast({ variant: 'success', title: isAdmin ? t('resellers.created') : t('resellers.createdSub') });
        onDone();
      },
      onError: (error) => {
        const status = isApiRequestError(error) ? error.status : null;
        if (status === 409) setError('email', { message: 'emailTaken' });
        if (status === 402) setError('credits', { message: 'notEnoughCredits' });
        toast({
          variant: 'destructive',
          title: t('resellers.createFailed'),
          description: status === 409 ? t('resellers.form.errors.emailTaken') : translateError(error),
        });
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <ResellerField
        field="name"
        error={errorText(errors.name?.message)}
        autoComplete="name"
        {...register('name')}
      />
      <ResellerField
        field="email"
        error={errorText(errors.email?.message)}
        type="email"
        inputMode="email"
        autoComplete="off"
        {...register('email')}
      />
      <PasswordField
        id="reseller-password"
        label={t('resellers.form.password')}
        error={errorText(errors.password?.message)}
        autoComplete="new-password"
        showLabel={tPanel('signIn.showPassword')}
        hideLabel={tPanel('signIn.hidePassword')}
        {...register('password')}
      />
      <ResellerField
        field="phone"
        error={errorText(errors.phone?.message)}
        type="tel"
        autoComplete="off"
        {...register('phone')}
      />
      <StartingCreditsField
        error={errorText(errors.credits?.message, { available })}
        hint={isAdmin ? t('resellers.form.creditsHintAdmin') : t('resellers.form.creditsHint', { available })}
        registration={register('credits', {
          // Floored at 0 where the user can see it, not only in what is sent.
          onBlur: (event: { target: { value: string } }) =>
            setValue('credits', String(floorCredits(event.target.value))),
        })}
      />
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        submitLabel={t('resellers.form.create')}
        pendingLabel={t('resellers.form.creating')}
        pending={mutation.isPending}
      />
    </form>
  );
}
