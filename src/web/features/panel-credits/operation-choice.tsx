import { Minus, Plus } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/utils';
import type { TransferType } from './api';

/** Add or Remove (admins only), as two toggle-like radios; the chosen one takes its colour. */
export function OperationChoice({
  value,
  registration,
}: {
  value: TransferType;
  registration: UseFormRegisterReturn<'type'>;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('credits.form.operation')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['add', 'remove'] as const).map((kind) => (
          <label
            key={kind}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === kind
                ? kind === 'add'
                  ? 'border-primary bg-primary/10 text-primary'
                  : 'border-destructive bg-destructive/10 text-destructive dark:text-red-300'
                : 'border-input hover:bg-accent',
            )}
          >
            <input type="radio" value={kind} className="sr-only" {...registration} />
            {kind === 'add' ? (
              <Plus aria-hidden="true" className="size-4" />
            ) : (
              <Minus aria-hidden="true" className="size-4" />
            )}
            {kind === 'add' ? t('credits.form.add') : t('credits.form.remove')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
