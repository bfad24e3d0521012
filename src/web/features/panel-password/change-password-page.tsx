import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordBody } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { PageIntro } from '@web/components/page-intro';
import { PasswordInput } from '@web/components/password-input';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { sessionQueryKey, usePanelUser } from '@web/lib/panel-session';
import { changePassword } from './api';

const FIELDS = [
  { name: 'currentPassword', label: 'changePassword.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'changePassword.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'changePassword.confirm', autoComplete: 'new-password' },
] as const;

/** The signed-in user changes their own password (three fields, one button). */
export function ChangePasswordPage() {
  const { t } = useTranslation('panel');
  const user = usePanelUser();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema, { error: formErrorMap }),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const mutation = useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(user.id, body),
    onSuccess: () => {
      toast({ variant: 'success', title: t('changePassword.success') });
      reset();
      // The server may end sessions when a password changes: check whether this one is still valid.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => {
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
      if (isApiRequestError(error) && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate({ currentPassword, newPassword }),
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
    </div>
  );
}
