import { clsx } from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useTheme } from '@web/lib/theme';

/**
 * Switches between dark and light; the choice is stored and applies to every face of the site.
 * Styled with buttonVariants and clsx (not <Button>) so the marketing pages' first load does not
 * need tailwind-merge (docs/decisions/0006).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      className={clsx(buttonVariants({ variant: 'ghost', size: 'icon' }), className)}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </button>
  );
}
