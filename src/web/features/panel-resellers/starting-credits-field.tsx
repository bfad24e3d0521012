import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';

/** The credits a new reseller starts with, and a hint on where they come from. */
export function StartingCreditsField({
  registration,
  error,
  hint,
}: {
  registration: UseFormRegisterReturn<'credits'>;
  error: string | undefined;
  hint: string;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <FormField id="reseller-credits" label={t('resellers.form.credits')} error={error}>
      {(field) => (
        <>
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            aria-describedby={[field['aria-describedby'], 'reseller-credits-hint'].filter(Boolean).join(' ')}
            {...registration}
          />
          <p id="reseller-credits-hint" className="text-sm text-muted-foreground">
            {hint}
          </p>
        </>
      )}
    </FormField>
  );
}
