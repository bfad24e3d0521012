import { DEVICE_MESSAGE_MAX } from '@shared/api/device-message';
import { useTranslation } from 'react-i18next';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { fieldErrorText } from '@web/lib/form-errors';

const LANGUAGES = [
  { code: 'en', dir: 'ltr' },
  { code: 'fr', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const;
export type MessageTexts = Record<(typeof LANGUAGES)[number]['code'], string>;

/** The message in each language, each field marked with its language and direction (Arabic right to left). */
export function MessageTextsFields({
  id,
  texts,
  error,
  onChange,
}: {
  id: string;
  texts: MessageTexts;
  error: string | undefined;
  onChange: (texts: MessageTexts) => void;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-texts-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{t('deviceMessages.form.texts')}</legend>
      <p className="text-sm text-muted-foreground">{t('deviceMessages.form.textsHint')}</p>
      {LANGUAGES.map(({ code, dir }) => (
        <div key={code} className="grid gap-1.5">
          <Label htmlFor={`${id}-${code}`}>{t(`deviceMessages.form.language.${code}`)}</Label>
          <Textarea
            id={`${id}-${code}`}
            lang={code}
            dir={dir}
            rows={2}
            maxLength={DEVICE_MESSAGE_MAX}
            value={texts[code]}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...texts, [code]: event.target.value })}
          />
        </div>
      ))}
      {error ? (
        <p id={`${id}-texts-error`} className="text-sm font-medium text-destructive dark:text-red-400">
          {fieldErrorText(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
