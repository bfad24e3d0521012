import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_MIN, resetPasswordFormSchema, resetTokenSchema } from '@shared/api/auth';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useResetPassword } from './api';
import { AuthOutcome, AuthPageFrame } from './auth-page-frame';

/** The e-mailed link's page: a new password twice; the token comes from the address. */
export function ResetPasswordPage() {
  const { t } = useTranslation('panel');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useResetPassword();
  const errorMap: z.core.$ZodErrorMap = (issue) =>
    issue.code === 'too_small' && issue.input !== ''
      ? t('changePassword.tooShort', { count: NEW_PASSWORD_MIN })
      : formErrorMap(issue);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema, { error: errorMap }),
    defaultValues: { password: '', confirmPassword: '' },
  });
  // Choosing the password is the only thing to do here (as on the sign-in page).
  useEffect(() => setFocus('password'), [setFocus]);

  const linkBroken =
    !resetTokenSchema.safeParse(token).success ||
    (isApiRequestError(mutation.error) && mutation.error.code === 'reset_link_invalid');

  if (mutation.isSuccess) {
    return (
      <AuthOutcome
        title={t('resetPassword.doneTitle')}
        subtitle={t('resetPassword.subtitle')}
        icon={<CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />}
        message={t('resetPassword.done')}
        next={{ to: '/dashboard', label: t('resetPassword.signIn') }}
      />
    );
  }

  if (linkBroken) {
    return (
      <AuthOutcome
        title={t('resetPassword.invalidTitle')}
        subtitle={t('resetPassword.subtitle')}
        icon={<TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />}
        alert
        message={t('resetPassword.invalid')}
        next={{ to: '/forgot-password', label: t('resetPassword.askAgain') }}
      />
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    mutation.mutate(
      { token, password },
      {
        onError: (error) => {
          if (isApiRequestError(error) && error.code === 'reset_link_invalid') return;
          toast({
            variant: 'destructive',
            title: t('resetPassword.failed'),
            description: translateError(error),
          });
        },
      },
    ),
  );

  return (
    <AuthPageFrame title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
        <PasswordField
          id="reset-password"
          label={t('resetPassword.password')}
          error={errors.password?.message}
          autoComplete="new-password"
          showLabel={t('signIn.showPassword')}
          hideLabel={t('signIn.hidePassword')}
          {...register('password')}
        />
        <PasswordField
          id="reset-confirm"
          label={t('resetPassword.confirm')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          showLabel={t('signIn.showPassword')}
          hideLabel={t('signIn.hidePassword')}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={mutation.isPending}>
          {mutation.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </form>
    </AuthPageFrame>
  );
}
