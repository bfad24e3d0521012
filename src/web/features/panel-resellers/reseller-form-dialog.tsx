import { zodResolver } from '@hookform/resolvers/zod';
import type { ResellerView } from '@shared/api/reseller';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField, InputField, PasswordField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { formatNumber } from '@web/lib/format';
import { sessionQueryKey } from '@web/lib/panel-session';
import { resellersQueryKey } from '@web/lib/reseller-list';
import { createReseller, updateReseller } from './api';
import {
  createResellerFormSchema,
  editResellerFormSchema,
  floorCredits,
  isResellerFormErrorCode,
} from './reseller-form';

export type ResellerDialogState = { mode: 'create' } | { mode: 'edit'; reseller: ResellerView } | null;

/** Translates the form's own message codes; anything else already is text (from formErrorMap). */
function useErrorText() {
  const { t } = useTranslation('panel-network');
  return (message: string | undefined, values: { available?: string } = {}) => {
    if (!message) return undefined;
    if (!isResellerFormErrorCode(message)) return message;
    return t(`resellers.form.errors.${message}`, { available: values.available ?? '' });
  };
}

/** E-mail and phone are written left to right in every language, in both forms. */
const LTR_FIELD = { dir: 'ltr', className: 'text-start' } as const;

/** A field both forms have: its id and label follow from its name. */
function ResellerField({
  field,
  ...props
}: { field: 'name' | 'email' | 'phone' } & Omit<ComponentProps<typeof InputField>, 'id' | 'label'>) {
  const { t } = useTranslation('panel-network');
  return (
    <InputField
      id={`reseller-${field}`}
      label={t(`resellers.form.${field}`)}
      {...(field === 'name' ? {} : LTR_FIELD)}
      {...props}
    />
  );
}

function CreateResellerForm({
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
  const errorText = useErrorText();
  const queryClient = useQueryClient();
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

  const mutation = useMutation({
    mutationFn: createReseller,
    onSuccess: async () => {
      toast({ variant: 'success', title: isAdmin ? t('resellers.created') : t('resellers.createdSub') });
      onDone();
      // Starting credits come out of a reseller's own balance: refresh the header's badge too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resellersQueryKey }),
        isAdmin ? undefined : queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.status === 409) setError('email', { message: 'emailTaken' });
      if (isApiRequestError(error) && error.status === 402)
        setError('credits', { message: 'notEnoughCredits' });
      toast({
        variant: 'destructive',
        title: t('resellers.createFailed'),
        description:
          isApiRequestError(error) && error.status === 409
            ? t('resellers.form.errors.emailTaken')
            : translateError(error),
      });
    },
  });

  const onSubmit = handleSubmit((values) => mutation.mutate(values));

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
      <FormField
        id="reseller-credits"
        label={t('resellers.form.credits')}
        error={errorText(errors.credits?.message, { available })}
      >
        {(field) => (
          <>
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-describedby={[field['aria-describedby'], 'reseller-credits-hint']
                .filter(Boolean)
                .join(' ')}
              {...register('credits', {
                // Floored at 0 where the user can see it, not only in what is sent.
                onBlur: (event: { target: { value: string } }) =>
                  setValue('credits', String(floorCredits(event.target.value))),
              })}
            />
            <p id="reseller-credits-hint" className="text-sm text-muted-foreground">
              {isAdmin
                ? t('resellers.form.creditsHintAdmin')
                : t('resellers.form.creditsHint', { available })}
            </p>
          </>
        )}
      </FormField>
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

function EditResellerForm({ reseller, onDone }: { reseller: ResellerView; onDone: () => void }) {
  const { t } = useTranslation('panel-network');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(editResellerFormSchema, { error: formErrorMap }),
    defaultValues: { name: reseller.name, phone: reseller.phone ?? '' },
  });

  const mutation = useMutation({
    mutationFn: (body: { name: string; phone: string }) => updateReseller(reseller.id, body),
    onSuccess: async () => {
      toast({ variant: 'success', title: t('resellers.updated') });
      onDone();
      await queryClient.invalidateQueries({ queryKey: resellersQueryKey });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: t('resellers.updateFailed'),
        description: translateError(error),
      });
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!isDirty) {
      onDone();
      return;
    }
    mutation.mutate(values);
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
