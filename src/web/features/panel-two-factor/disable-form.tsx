import { zodResolver } from '@hookform/resolvers/zod';
import { disableTwoFactorBodySchema } from '@shared/api/two-factor';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, PasswordField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useDisableTwoFactor } from './api';
import { CodeInput } from './code-input';

/** Turning two-factor off takes the password and a code (from the app, or a recovery code). */
export function DisableForm() {
  const { t } = useTranslation('panel-two-factor');
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(disableTwoFactorBodySchema, { error: formErrorMap }),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => toast({ variant: 'success', title: t('disable.done') }),
      onError: (error) => {
        if (isApiRequestError(error) && (error.field === 'password' || error.field === 'code')) {
          setError(error.field, { message: translateError(error) });
          return;
        }
        toast({ variant: 'destructive', title: translateError(error) });
      },
    }),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 border-t pt-5">
      <div className="grid gap-1">
        <h3 className="font-semibold">{t('disable.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('disable.intro')}</p>
      </div>
      <PasswordField
        id="two-factor-disable-password"
        label={t('disable.password')}
        error={errors.password?.message}
        autoComplete="current-password"
        showLabel={t('signIn.showPassword', { ns: 'panel' })}
        hideLabel={t('signIn.hidePassword', { ns: 'panel' })}
        {...register('password')}
      />
      <FormField id="two-factor-disable-code" label={t('disable.code')} error={errors.code?.message}>
        {(field) => <CodeInput {...field} {...register('code')} />}
      </FormField>
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={disable.isPending}>
        {disable.isPending ? t('disable.submitting') : t('disable.submit')}
      </Button>
    </form>
  );
}
