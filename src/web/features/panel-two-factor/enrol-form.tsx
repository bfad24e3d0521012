import { zodResolver } from '@hookform/resolvers/zod';
import { enableTwoFactorBodySchema, type TwoFactorSetup } from '@shared/api/two-factor';
import { useBrand } from '@web/lib/brand';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { CopyButton } from '@web/components/ui/copy-button';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useEnableTwoFactor } from './api';
import { CodeInput } from './code-input';

/** Shown as an image (data: URL), never inserted as markup: the page stays free of injected HTML. */
function qrImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Enrolment: scan the QR code (or type the key), then prove it with a first code. */
export function EnrolForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-two-factor');
  const brand = useBrand();
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(enableTwoFactorBodySchema, { error: formErrorMap }),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(({ code }) =>
    enable.mutate(
      { code },
      {
        onSuccess: onEnabled,
        onError: (error) => {
          if (isApiRequestError(error) && error.field === 'code') {
            setError('code', { message: translateError(error) });
            return;
          }
          toast({ variant: 'destructive', title: translateError(error) });
        },
      },
    ),
  );

  return (
    <div className="grid gap-5">
      <p className="text-sm">{t('setup.scan')}</p>
      <img
        src={qrImageSource(setup.qr_svg)}
        alt={t('setup.qrAlt', { brand: brand.name })}
        width={192}
        height={192}
        className="size-48 rounded-md border bg-white p-1"
      />
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{t('setup.manual')}</p>
        <div className="flex items-center gap-2">
          <code
            dir="ltr"
            className="break-all rounded bg-muted px-2 py-1 font-mono text-sm"
            data-testid="totp-secret"
          >
            {setup.secret}
          </code>
          <CopyButton value={setup.secret} label={t('setup.secretLabel')} />
        </div>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
        <FormField id="two-factor-enable-code" label={t('setup.code')} error={errors.code?.message}>
          {(field) => <CodeInput {...field} inputMode="numeric" maxLength={7} {...register('code')} />}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending ? t('setup.enabling') : t('setup.enable')}
          </Button>
          <Button variant="outline" onClick={onCancel}>
            {t('setup.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
