import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogIn } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { formErrorMap } from '@web/lib/form-errors';
import { deviceLoginFormSchema, type DeviceLoginFormInput, type DeviceLoginFormValues } from '../schemas';
import { DeviceCredentialFields } from './device-credential-fields';

const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring';

/** MAC address and MAC key (docs/product.md); the MAC is formatted as it is typed. */
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
  const form = useForm<DeviceLoginFormInput, unknown, DeviceLoginFormValues>({
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
        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
            className="grid gap-5"
            aria-label={t('login.title')}
          >
            <DeviceCredentialFields idPrefix="device-login" />
            <p className="text-sm text-muted-foreground">{t('login.help')}</p>
            <Button type="submit" size="lg" disabled={pending}>
              <LogIn aria-hidden="true" className="rtl:rotate-180" />
              {pending ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
        </FormProvider>
        <div className="mt-5 grid gap-2 border-t pt-4 text-sm text-muted-foreground">
          {/* A TV can show a code (and its QR image) that opens this page without the key. */}
          <p>
            {t('login.pairPrompt')}{' '}
            <Link to="/pair" className={linkClass}>
              {t('login.pairLink')}
            </Link>
          </p>
          {/* Adding a playlist does not need the whole device page: offer the one-step screen. */}
          <p>
            {t('login.addPlaylistOnly')}{' '}
            <Link to="/account/add-playlist" className={linkClass}>
              {t('login.addPlaylistLink')}
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
