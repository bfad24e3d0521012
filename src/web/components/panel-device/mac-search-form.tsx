import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { MacInput } from '@web/components/ui/mac-input';
import type { MacSearch } from './use-mac-search';

/**
 * One MAC field and its Search button. The button is disabled while the field is empty or a search
 * runs; Enter searches from the field (and says so when it is empty).
 */
export function MacSearchForm({ search, children }: { search: MacSearch; children?: ReactNode }) {
  const { t } = useTranslation('panel-devices');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fieldRef = useRef<HTMLInputElement>(null);
  // Typing a MAC is the first thing to do on Check MAC and Activate MAC: the cursor starts there.
  useEffect(() => fieldRef.current?.focus(), []);
  const message =
    search.problem === 'required'
      ? t('lookup.required')
      : search.problem === 'invalid'
        ? t('lookup.invalidDescription')
        : null;

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <form
          role="search"
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            search.search();
          }}
        >
          <Label htmlFor={id}>{t('lookup.macLabel')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <MacInput
              ref={fieldRef}
              id={id}
              value={search.input}
              onValueChange={search.setInput}
              onKeyDown={(event) => {
                // Also when the button is disabled (empty field), so the user learns what is missing.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!search.searching) search.search();
                }
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${errorId} ${hintId}` : hintId}
              className="h-11 font-mono text-base sm:max-w-sm"
            />
            <Button
              type="submit"
              size="lg"
              disabled={search.input.trim() === '' || search.searching}
              className="sm:w-36"
            >
              {search.searching ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Search aria-hidden="true" />
              )}
              {search.searching ? t('lookup.searching') : t('lookup.search')}
            </Button>
          </div>
          {message ? (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {message}
            </p>
          ) : null}
          <p id={hintId} className="text-sm text-muted-foreground">
            {t('lookup.hint')}
          </p>
        </form>
        {children}
      </CardContent>
    </Card>
  );
}
