import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, CURRENT_PASSWORD_MIN, NEW_PASSWORD_MIN } from '@shared/api/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@web/components/form-field';
import { PageIntro } from '@web/components/page-intro';
import { PasswordInput } from '@web/components/password-input';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { reloadPage } from '@web/lib/reload';
import { useChangePassword } from './api';
import { SessionsCard } from './sessions-card';

/** Set just before the reload that follows a successful change, read (and removed) after it. */
export const PASSWORD_CHANGED_FLAG = 'panelPasswordChanged';

function takeChangedFlag(): boolean {
  try {
    const set = window.sessionStorage.getItem(PASSWORD_CHANGED_FLAG) !== null;
    window.sessionStorage.removeItem(PASSWORD_CHANGED_FLAG);
    return set;
  } catch {
    return false;
  }
}

function setChangedFlag(): boolean {
  try {
    window.sessionStorage.setItem(PASSWORD_CHANGED_FLAG, '1');
    return true;
  } catch {
    return false;
  }
}

const FIELDS = [
  { name: 'currentPassword', label: 'changePassword.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'changePassword.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'changePassword.confirm', autoComplete: 'new-password' },
] as const;

/** The signed-in user changes their own password (three fields, one button). */
export function ChangePasswordPage() {
  const { t } = useTranslation('panel');
  const user = usePanelUser();

  // After the reload that follows a change, say that it worked.
  useEffect(() => {
    if (takeChangedFlag()) toast({ variant: 'success', title: t('changePassword.success') });
  }, [t]);

  /**
   * docs/product.md's messages for the lengths (docs/decisions/0003: the current password needs 4 characters,
   * a new one 8); everything else comes from the shared form messages.
   */
  const errorMap: z.core.$ZodErrorMap = (issue) => {
    const blank = issue.input === undefined || issue.input === '';
    if (issue.code === 'too_small' && !blank) {
      if (issue.path?.[0] === 'currentPassword')
        return t('changePassword.tooShort', { count: CURRENT_PASSWORD_MIN });
      if (issue.path?.[0] === 'newPassword') return t('changePassword.tooShort', { count: NEW_PASSWORD_MIN });
    }
    return formErrorMap(issue);
  };

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema, { error: errorMap }),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const mutation = useChangePassword(user.id);
  const reactions = {
    onSuccess: () => {
      reset();
      // docs/product.md: the form resets and the page reloads. The server gave this browser a fresh
      // session, so the reload lands here again, signed in, and shows the success message then.
      if (!setChangedFlag()) toast({ variant: 'success', title: t('changePassword.success') });
      reloadPage();
    },
    onError: (error: Error) => {
      if (isApiRequestError(error) && error.code === 'current_password_incorrect') {
        setError('currentPassword', { message: t('changePassword.incorrect') });
        toast({ variant: 'destructive', title: t('changePassword.incorrect') });
        return;
      }
      toast({
        variant: 'destructive',
        title: t('changePassword.failed'),
        description: translateError(error),
      });
    },
  };

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate({ currentPassword, newPassword }, reactions),
  );

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <PageIntro title={t('changePassword.title')} intro={t('changePassword.intro')} />
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
            {FIELDS.map(({ name, label, autoComplete }) => (
              <FormField key={name} id={`password-${name}`} label={t(label)} error={errors[name]?.message}>
                {(field) => (
                  <PasswordInput
                    {...field}
                    autoComplete={autoComplete}
                    showLabel={t('signIn.showPassword')}
                    hideLabel={t('signIn.hidePassword')}
                    {...register(name)}
                  />
                )}
              </FormField>
            ))}
            <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
              {mutation.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <SessionsCard />
    </div>
  );
}
