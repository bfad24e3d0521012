import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@shared/api/auth';
import { LogIn } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { dismissToast, toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useSignIn } from './api';
import { AuthLink, AuthPageFrame, AuthShell } from './auth-page-frame';

/**
 * Shown for every panel address while nobody is signed in. With two-factor sign-in on, the password
 * answers a step token (`onTwoFactorRequired`) and the layout passes the code step as `secondStep`.
 */
export function SignInPage({
  onTwoFactorRequired,
  secondStep,
}: { onTwoFactorRequired?: (stepToken: string) => void; secondStep?: ReactNode } = {}) {
  const { t } = useTranslation('panel');
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginBodySchema, { error: formErrorMap }),
    defaultValues: { email: '', password: '' },
  });
  // Signing in is the only thing to do here: the cursor starts in the e-mail field.
  useEffect(() => setFocus('email'), [setFocus]);

  const signInMutation = useSignIn();
  const showFailure = (error: Error) => {
    if (
      isApiRequestError(error) &&
      error.status === 400 &&
      (error.field === 'email' || error.field === 'password')
    ) {
      setError(error.field, { message: 'invalid' });
      return;
    }
    if (isApiRequestError(error) && (error.status === 401 || error.status === 429)) {
      toast({ variant: 'destructive', title: translateError(error) });
      return;
    }
    toast({ variant: 'destructive', title: t('signIn.failed'), description: translateError(error) });
  };

  // A success takes an earlier failure's toast away: it must not stay over the dashboard it opens.
  const onSubmit = handleSubmit((values) =>
    signInMutation.mutate(values, {
      onSuccess: (answer) => {
        dismissToast();
        if ('step_token' in answer) onTwoFactorRequired?.(answer.step_token);
      },
      onError: showFailure,
    }),
  );
  const pending = signInMutation.isPending;

  if (secondStep) return <AuthShell title={t('signIn.title')}>{secondStep}</AuthShell>;
  return (
    <AuthPageFrame title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
        <FormField id="sign-in-email" label={t('signIn.email')} error={errors.email?.message}>
          {(field) => (
            <Input {...field} type="email" autoComplete="username" inputMode="email" {...register('email')} />
          )}
        </FormField>
        <FormField id="sign-in-password" label={t('signIn.password')} error={errors.password?.message}>
          {(field) => (
            <PasswordInput
              {...field}
              autoComplete="current-password"
              showLabel={t('signIn.showPassword')}
              hideLabel={t('signIn.hidePassword')}
              {...register('password')}
            />
          )}
        </FormField>
        <AuthLink to="/forgot-password">{t('signIn.forgotPassword')}</AuthLink>
        <Button type="submit" size="lg" disabled={pending}>
          <LogIn aria-hidden="true" className="rtl:rotate-180" />
          {pending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
    </AuthPageFrame>
  );
}
