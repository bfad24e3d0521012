import type { ResellerView } from '@shared/api/reseller';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { isolateLtr, isolateText } from '@web/lib/bidi';
import { useCreditCount } from './credit-count';

/** The reseller to credit, with its current balance once chosen (or why there is none to choose). */
export function ResellerSelect({
  resellers,
  selected,
  invalid,
  registration,
}: {
  resellers: UseQueryResult<ResellerView[]>;
  selected: ResellerView | undefined;
  invalid: boolean;
  registration: UseFormRegisterReturn<'resellerId'>;
}) {
  const { t } = useTranslation('panel-network');
  const count = useCreditCount();
  const id = useId();
  const options = resellers.data ?? [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('credits.form.reseller')}</Label>
      <Select
        id={id}
        {...registration}
        aria-invalid={invalid}
        aria-describedby={selected ? `${id}-balance` : undefined}
        disabled={resellers.isPending}
      >
        <option value="">
          {resellers.isPending ? t('common.loading') : t('credits.form.chooseReseller')}
        </option>
        {options.map((reseller) => {
          // Isolated so an e-mail in parentheses keeps its order beside an Arabic (or Latin) name.
          const values = { name: isolateText(reseller.name), email: isolateLtr(reseller.email) };
          return (
            <option key={reseller.id} value={reseller.id}>
              {reseller.banned ? t('credits.form.optionBanned', values) : t('credits.form.option', values)}
            </option>
          );
        })}
      </Select>
      {selected ? (
        <p id={`${id}-balance`} className="text-sm text-muted-foreground">
          {t('credits.form.currentBalance', { value: count(selected.credits) })}
        </p>
      ) : !resellers.isPending && options.length === 0 && !resellers.isLoadingError ? (
        <p className="text-sm text-muted-foreground">{t('resellers.empty')}</p>
      ) : null}
    </div>
  );
}
