import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { LanguageSwitcher } from '@web/components/language-switcher';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { useBrand } from '@web/lib/brand';

/** The signed-out pages' shell: brand, language and theme above whatever the page centres. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <DocumentTitle page={title} />
      <header className="flex items-center justify-between px-4 py-3">
        <Link
          to="/"
          className="rounded-sm text-lg font-bold text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {brand.name}
        </Link>
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">{children}</main>
    </div>
  );
}

/** The signed-out pages' frame (sign in, forgot and reset password): the shell around one card. */
export function AuthPageFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <AuthShell title={title}>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{subtitle}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </AuthShell>
  );
}

/** A plain link styled like the frame's other links (back to sign-in, ask for a new link). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="justify-self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </Link>
  );
}

/** The end of a recovery step (link sent, password changed, link broken): one message and where to go next. */
export function AuthOutcome({
  title,
  subtitle,
  icon,
  alert = false,
  message,
  next,
}: {
  title: string;
  subtitle: string;
  icon: ReactNode;
  /** A problem (read out at once) rather than a confirmation. */
  alert?: boolean;
  message: string;
  next: { to: string; label: string };
}) {
  return (
    <AuthPageFrame title={title} subtitle={subtitle}>
      <div className="grid gap-5">
        <p role={alert ? 'alert' : 'status'} className="flex items-start gap-3 text-sm">
          {icon}
          <span>{message}</span>
        </p>
        <AuthLink to={next.to}>{next.label}</AuthLink>
      </div>
    </AuthPageFrame>
  );
}
