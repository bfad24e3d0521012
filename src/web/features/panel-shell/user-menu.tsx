import type { PanelUser } from '@shared/api/auth';
import { CircleUser, KeyRound, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { CreditsValue } from './credits';

export function UserMenu({ user, onSignOut }: { user: PanelUser; onSignOut: () => void }) {
  const { t } = useTranslation('panel');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={t('shell.userMenu')}>
          <CircleUser aria-hidden="true" className="size-6!" />
          <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate font-semibold">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <p className="flex items-center justify-between px-2 py-1.5 text-sm">
          <span className="text-muted-foreground">{t('shell.credits')}</span>
          <span className="font-semibold">
            <CreditsValue user={user} />
          </span>
        </p>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard/passwordChange">
            <KeyRound aria-hidden="true" />
            {t('shell.changePassword')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" className="rtl:rotate-180" />
          {t('shell.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
