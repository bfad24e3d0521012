import { clsx } from 'clsx';
import { Check, Languages } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button-variants';
import { LANGUAGES, toSupportedLanguage, type LanguageCode } from '@web/i18n/languages';
import { reloadInLanguage } from '@web/lib/reload';
import { useDismiss } from '@web/lib/use-dismiss';
import { useRouteBoundOpen } from '@web/lib/use-route-bound-open';

/**
 * English, Français, العربية, as a menu button (WAI-ARIA menu pattern: arrows, Home, End, Escape).
 * Choosing one switches the language (stored in local storage and a cookie the server reads) and
 * reloads, so the server-rendered text and the page direction follow. Hand-written rather than
 * Radix's dropdown so the marketing pages' first load stays small (docs/decisions/0006).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const active = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [open, setOpen] = useRouteBoundOpen();
  const menuId = useId();
  const labelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const close = useCallback(
    ({ restoreFocus }: { restoreFocus: boolean }) => {
      setOpen(false);
      if (restoreFocus) buttonRef.current?.focus();
    },
    [setOpen],
  );
  useDismiss(containerRef, open, close);

  useEffect(() => {
    if (!open) return;
    const checked = LANGUAGES.findIndex(({ code }) => code === active);
    itemRefs.current[Math.max(checked, 0)]?.focus();
  }, [open, active]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      items[move[event.key] ?? 0]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  async function choose(code: LanguageCode) {
    close({ restoreFocus: true });
    if (code === active) return;
    await i18n.changeLanguage(code);
    reloadInLanguage(code);
  }

  return (
    <div ref={containerRef} className={clsx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language.trigger', { language: t(`languages.${active}`) })}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
      >
        <Languages aria-hidden="true" />
        <span className="uppercase">{active}</span>
      </button>
      {open ? (
        <div className="absolute end-0 top-full z-50 mt-2 min-w-44 rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg">
          <p
            id={labelId}
            className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            {t('language.label')}
          </p>
          <div id={menuId} role="menu" tabIndex={-1} aria-labelledby={labelId} onKeyDown={onMenuKeyDown}>
            {LANGUAGES.map(({ code, dir }, index) => (
              <button
                key={code}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={code === active}
                tabIndex={-1}
                onClick={() => void choose(code)}
                className={clsx(
                  'flex w-full items-center gap-2 rounded-md px-2 py-2 text-start text-sm outline-none hover:bg-accent focus-visible:bg-accent',
                  code === active && 'font-semibold text-primary',
                )}
              >
                <span className="flex size-4 items-center justify-center">
                  {code === active ? <Check aria-hidden="true" className="size-4" /> : null}
                </span>
                <span lang={code} dir={dir}>
                  {t(`languages.${code}`)}
                </span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
