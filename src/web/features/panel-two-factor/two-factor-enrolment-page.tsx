import { useBrand } from '@web/lib/brand';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@web/components/document-title';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { useSignOut } from '@web/lib/panel-session';
import { TwoFactorSection } from './two-factor-section';

/**
 * REQUIRE_2FA names this account's role and it has not enrolled: the session works for nothing else
 * (the server answers 403 two_factor_required), so the panel shows only this screen.
 */
export function TwoFactorEnrolmentPage() {
  const { t } = useTranslation('panel-two-factor');
  const brand = useBrand();
  const signOut = useSignOut();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <DocumentTitle page={t('enrolment.title')} />
      <header className="flex items-center justify-between gap-2 px-4 py-3">
        <span className="text-lg font-bold text-primary">{brand.name}</span>
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeToggle />
          <Button variant="ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" className="rtl:rotate-180" />
            {t('enrolment.signOut')}
          </Button>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 pb-16 pt-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{t('enrolment.title')}</h1>
          <p className="text-muted-foreground">{t('enrolment.intro')}</p>
        </div>
        <TwoFactorSection />
      </main>
    </div>
  );
}
