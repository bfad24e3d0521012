import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogIn } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { MacInput } from '@web/components/ui/mac-input';
import { formErrorMap } from '@web/lib/form-errors';
import { deviceLoginFormSchema, type DeviceLoginFormInput, type DeviceLoginFormValues } from '../schemas';
import { useFieldError } from '../use-field-error';

/** MAC address and MAC key (SPEC.md sections 2 and 5); the MAC is formatted as it is typed. */
export function DeviceLoginForm({
  defaultValues,
  pending,
  onSubmit,
}: {
  defaultValues?: Partial<DeviceLoginFormInput>;
  pending: boolean;
  onSubmit: (values: DeviceLoginFormValues) => void;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeviceLoginFormInput, unknown, DeviceLoginFormValues>({
    resolver: zodResolver(deviceLoginFormSchema, { error: formErrorMap }),
    defaultValues: { mac: '', cle_mac: '', ...defaultValues },
  });

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-xl font-semibold leading-tight">{t('login.title')}</h2>
        <CardDescription>{t('login.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          className="grid gap-5"
          aria-label={t('login.title')}
        >
          <FormField id="device-login-mac" label={t('login.mac')} error={errorText(errors.mac?.message)}>
            {(field) => (
              <Controller
                control={control}
                name="mac"
                render={({ field: { ref, value, onChange, onBlur, name } }) => (
                  <MacInput
                    {...field}
                    ref={ref}
                    name={name}
                    value={value}
                    onBlur={onBlur}
                    onValueChange={onChange}
                  />
                )}
              />
            )}
          </FormField>
          <FormField id="device-login-key" label={t('login.key')} error={errorText(errors.cle_mac?.message)}>
            {(field) => (
              <PasswordInput
                {...field}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono uppercase tracking-wider"
                showLabel={t('login.showKey')}
                hideLabel={t('login.hideKey')}
                {...register('cle_mac')}
              />
            )}
          </FormField>
          <p className="text-sm text-muted-foreground">{t('login.help')}</p>
          <Button type="submit" size="lg" disabled={pending}>
            <LogIn aria-hidden="true" className="rtl:rotate-180" />
            {pending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
