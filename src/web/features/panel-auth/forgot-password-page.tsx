import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema } from '@shared/api/auth';
import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useForgotPassword } from './api';
import { AuthLink, AuthOutcome, AuthPageFrame } from './auth-page-frame';
import { isolateLtr } from '@web/lib/bidi';

/** "Forgot your password?": one field; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('panel');
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordBodySchema, { error: formErrorMap }),
    defaultValues: { email: '' },
  });
  useEffect(() => setFocus('email'), [setFocus]);
  const mutation = useForgotPassword();
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('forgotPassword.failed'),
          description: translateError(error),
        }),
    }),
  );

  if (mutation.isSuccess) {
    return (
      <AuthOutcome
        title={t('forgotPassword.sentTitle')}
        subtitle={t('forgotPassword.subtitle')}
        icon={<MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />}
        message={t('forgotPassword.sent', { email: isolateLtr(mutation.variables.email) })}
        next={{ to: '/dashboard', label: t('forgotPassword.backToSignIn') }}
      />
    );
  }

  return (
    <AuthPageFrame title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
        <FormField id="forgot-email" label={t('signIn.email')} error={errors.email?.message}>
          {(field) => (
            <Input {...field} type="email" autoComplete="username" inputMode="email" {...register('email')} />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={mutation.isPending}>
          {mutation.isPending ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
        </Button>
        <AuthLink to="/dashboard">{t('forgotPassword.backToSignIn')}</AuthLink>
      </form>
    </AuthPageFrame>
  );
}
