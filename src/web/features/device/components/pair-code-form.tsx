import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { formErrorMap } from '@web/lib/form-errors';
import { pairCodeFormSchema, type PairCodeFormInput, type PairCodeFormValues } from '../schemas';
import { useFieldError } from '../use-field-error';

/** The code shown on the TV, typed by hand (when the QR code cannot be scanned). */
export function PairCodeForm({
  defaultCode = '',
  onSubmit,
}: {
  defaultCode?: string;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const form = useForm<PairCodeFormInput, unknown, PairCodeFormValues>({
    resolver: zodResolver(pairCodeFormSchema, { error: formErrorMap }),
    defaultValues: { code: defaultCode },
  });
  return (
    <form
      noValidate
      aria-label={t('pair.form.title')}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values.code))(event)}
      className="grid gap-4"
    >
      <InputField
        id="pair-code"
        label={t('pair.form.label')}
        error={errorText(form.formState.errors.code?.message)}
        placeholder={t('pair.form.placeholder')}
        dir="ltr"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={20}
        className="h-12 text-center font-mono text-xl uppercase tracking-[0.3em]"
        {...form.register('code')}
      />
      <Button type="submit" size="lg">
        {t('pair.form.submit')}
        <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
      </Button>
    </form>
  );
}
