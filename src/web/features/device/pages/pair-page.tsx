import { pairingCodeSchema, formatPairingCode } from '@shared/api/pairing';
import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { dismissToast } from '@web/components/ui/toast';
import { ApiRequestError } from '@web/lib/api-client';
import { PairCodeForm } from '../components/pair-code-form';
import { PairingPreviewCard } from '../components/pairing-preview';
import { PairingProblem } from '../components/pairing-problem';
import { DevicePageFrame, DevicePageIntro } from '../components/device-page-frame';
import { pairingPreviewQuery, useClaimPairingCode } from '../pairing-api';

/** A code in the address that cannot be one is answered like the server would, without asking it. */
const MALFORMED = new ApiRequestError({ status: 400, code: 'invalid_input', message: 'Not a pairing code' });

/**
 * /pair and /pair?code=…: the page a TV's QR code opens. It shows which device the code opens (MAC
 * masked) and one button, Manage this device, which signs this browser in and goes to the device
 * page: no MAC or key typed. Without a code (or after a bad one) the code can be typed.
 */
export function PairPage() {
  const { t } = useTranslation('device');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const typed = searchParams.get('code') ?? '';
  const parsed = pairingCodeSchema.safeParse(typed);
  const code = parsed.success ? parsed.data : null;
  const preview = useQuery({ ...pairingPreviewQuery(code ?? ''), enabled: code !== null });
  const [claimError, setClaimError] = useState<unknown>(null);
  const claim = useClaimPairingCode({
    onSuccess: () => {
      dismissToast();
      void navigate('/account/view', { replace: true });
    },
    onError: (error) => setClaimError(error),
  });

  // Other parameters (the language) stay in the address.
  const showCode = (next: string | null) => {
    setClaimError(null);
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('code', next);
      else params.delete('code');
      return params;
    });
  };
  const problem = claimError ?? (typed && !code ? MALFORMED : preview.error);
  const title = t('pair.title');

  return (
    <DevicePageFrame title={title}>
      <DevicePageIntro title={title} intro={t('pair.intro')} />
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Link2 aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-xl font-semibold leading-tight">
            {code ? t('pair.codeHeading', { code: formatPairingCode(code) }) : t('pair.form.title')}
          </h2>
          <CardDescription>{code ? t('pair.codeHint') : t('pair.form.hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {problem ? <PairingProblem error={problem} /> : null}
          {code && preview.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('status.loading')} />
            </div>
          ) : null}
          {code && preview.data && !claimError ? (
            <PairingPreviewCard
              preview={preview.data}
              claiming={claim.isPending}
              onManage={() => claim.mutate(code)}
            />
          ) : null}
          {!code || problem ? (
            <PairCodeForm key={typed} defaultCode={problem ? '' : typed} onSubmit={showCode} />
          ) : (
            <Button variant="link" className="justify-self-center" onClick={() => showCode(null)}>
              {t('pair.otherCode')}
            </Button>
          )}
          <p className="border-t pt-4 text-center text-sm text-muted-foreground">
            <Link
              to="/account/view"
              className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t('pair.signInInstead')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </DevicePageFrame>
  );
}
