import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeFormSchema } from '@shared/api/two-factor';
import { useBrand } from '@web/lib/brand';
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { dismissToast, toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useVerifyTwoFactor } from './api';
import { CodeInput } from './code-input';

/**
 * The login's second step: the password was right and the server answered a step token; a code from
 * the authenticator app (or a recovery code) exchanges it for the session.
 */
export function TwoFactorSignInStep({ stepToken, onBack }: { stepToken: string; onBack: () => void }) {
  const { t } = useTranslation('panel-two-factor');
  const brand = useBrand();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(twoFactorCodeFormSchema, { error: formErrorMap }),
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);
  const verify = useVerifyTwoFactor();

  const showFailure = (error: Error) => {
    if (isApiRequestError(error) && error.code === 'two_factor_code_incorrect') {
      setError('code', { message: translateError(error) });
      return;
    }
    toast({ variant: 'destructive', title: translateError(error) });
    // The step token is spent or too old: only a new password step helps.
    if (isApiRequestError(error) && error.code === 'two_factor_step_expired') onBack();
  };
  const onSubmit = handleSubmit(({ code }) =>
    verify.mutate({ step_token: stepToken, code }, { onSuccess: () => dismissToast(), onError: showFailure }),
  );

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight">{t('signIn.title')}</h1>
        <CardDescription>{t('signIn.subtitle', { brand: brand.name })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <FormField id="two-factor-code" label={t('signIn.code')} error={errors.code?.message}>
            {(field) => <CodeInput {...field} {...register('code')} />}
          </FormField>
          <Button type="submit" size="lg" disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </Button>
          <Button variant="link" className="h-auto justify-self-start p-0" onClick={onBack}>
            {t('signIn.back')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
