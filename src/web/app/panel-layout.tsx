import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ScrollToTop } from '@web/components/scroll-to-top';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { SignInPage } from '@web/features/panel-auth/sign-in-page';
import { PanelShell } from '@web/features/panel-shell/panel-shell';
import { TwoFactorEnrolmentPage } from '@web/features/panel-two-factor/two-factor-enrolment-page';
import { TwoFactorSignInStep } from '@web/features/panel-two-factor/two-factor-sign-in-step';
import { useSession } from '@web/lib/panel-session';

/**
 * The protected layout of every panel address: the session is checked (POST /auth/check) when the
 * panel loads; until someone is signed in, the sign-in page takes the place of the requested page.
 */
export default function PanelLayout() {
  // Loads the panel's translations before anything of the panel renders.
  useTranslation('panel');
  const session = useSession();
  // Between the password and the two-factor code: the login's step token (never a session).
  const [stepToken, setStepToken] = useState<string | null>(null);

  if (session.isPending) return <FullScreenSpinner />;
  if (!session.data) {
    const codeStep = stepToken ? (
      <TwoFactorSignInStep stepToken={stepToken} onBack={() => setStepToken(null)} />
    ) : undefined;
    return <SignInPage onTwoFactorRequired={setStepToken} secondStep={codeStep} />;
  }
  if (session.data.user.twoFactorEnrolmentRequired) return <TwoFactorEnrolmentPage />;
  return (
    <PanelShell user={session.data.user} notifications={session.data.notifications}>
      <ScrollToTop />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </PanelShell>
  );
}
