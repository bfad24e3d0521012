import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { LANGUAGES, toSupportedLanguage } from '@web/i18n/languages';
import { reloadPage } from '@web/lib/reload';

/**
 * English, Français, العربية. Choosing one switches the language (the detector stores it in local
 * storage and a cookie) and reloads, so server-rendered text and direction follow.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const active = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);

  async function choose(code: string) {
    if (code === active) return;
    await i18n.changeLanguage(code);
    reloadPage();
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={className}
          aria-label={t('language.trigger', { language: t(`languages.${active}`) })}
        >
          <Languages aria-hidden="true" />
          <span className="uppercase">{active}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={active} onValueChange={(code) => void choose(code)}>
          {LANGUAGES.map(({ code, dir }) => (
            <DropdownMenuRadioItem
              key={code}
              value={code}
              lang={code}
              dir={dir}
              className="data-[state=checked]:font-semibold data-[state=checked]:text-primary"
            >
              {t(`languages.${code}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
