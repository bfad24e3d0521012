import {
  DEVICE_MESSAGE_DAYS,
  sendDeviceMessageBodySchema,
  type SendDeviceMessageBody,
} from '@shared/api/device-message';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/form-field';
import { Label } from '@web/components/ui/label';
import { MacInput } from '@web/components/ui/mac-input';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { fieldErrorText, formErrorMap } from '@web/lib/form-errors';
import { useSendDeviceMessage } from './api';
import { MessageTextsFields, type MessageTexts } from './message-texts-fields';
import { type MessageFilter, useFilterSummary } from './filter-summary';

type Recipients = 'device' | 'all' | 'filter';
type Errors = Partial<Record<'texts' | 'mac' | 'target', string>>;

/** The form as typed, turned into the API's body (the schema the server checks too). */
function toBody(
  form: { texts: MessageTexts; days: string; to: Recipients; mac: string },
  filter: MessageFilter | null,
): SendDeviceMessageBody {
  const target =
    form.to === 'device'
      ? { to: 'device' as const, mac: form.mac }
      : form.to === 'filter' && filter
        ? { to: 'filter' as const, filter }
        : { to: 'all' as const };
  return { texts: form.texts, days: Number(form.days), target };
}

/**
 * Write to devices: the text in up to three languages (the TV shows the viewer's, or the first one
 * written), how long it stays, and who gets it: one device, all of the sender's, or the devices the
 * list's filters selected (when the form was opened from the list).
 */
export function SendMessageForm({
  filter,
  isAdmin,
  onDone,
}: {
  filter: MessageFilter | null;
  isAdmin: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('panel-devices');
  const id = useId();
  const send = useSendDeviceMessage();
  const summary = useFilterSummary(filter);
  const [texts, setTexts] = useState({ en: '', fr: '', ar: '' });
  const [days, setDays] = useState('7');
  const [to, setTo] = useState<Recipients>(filter ? 'filter' : 'device');
  const [mac, setMac] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = toBody({ texts, days, to, mac }, filter);
    const parsed = sendDeviceMessageBodySchema.safeParse(body, { error: formErrorMap });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'texts' ? 'texts' : issue.path[1] === 'mac' ? 'mac' : 'target';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(body, {
      onSuccess: (sent) => {
        toast({
          variant: 'success',
          title: t('deviceMessages.sent', { count: sent.recipients }),
        });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('deviceMessages.sendFailed'),
          description: translateError(error),
        }),
    });
  }

  const choices: { value: Recipients; label: string }[] = [
    { value: 'device', label: t('deviceMessages.form.toDevice') },
    { value: 'all', label: isAdmin ? t('deviceMessages.form.toAllAdmin') : t('deviceMessages.form.toAll') },
    ...(filter
      ? [{ value: 'filter' as const, label: t('deviceMessages.form.toFilter', { filter: summary }) }]
      : []),
  ];

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={errors.target ? `${id}-target-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('deviceMessages.form.recipients')}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-to`}
              value={choice.value}
              checked={to === choice.value}
              onChange={() => setTo(choice.value)}
              className="radio mt-0.5"
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {errors.target ? (
          <p id={`${id}-target-error`} className="text-sm font-medium text-destructive dark:text-red-400">
            {fieldErrorText(errors.target)}
          </p>
        ) : null}
      </fieldset>
      {to === 'device' ? (
        <FormField id={`${id}-mac`} label={t('deviceMessages.form.mac')} error={errors.mac}>
          {(field) => <MacInput {...field} value={mac} onValueChange={setMac} />}
        </FormField>
      ) : null}
      <MessageTextsFields id={id} texts={texts} error={errors.texts} onChange={setTexts} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-days`}>{t('deviceMessages.form.days')}</Label>
        <Select id={`${id}-days`} value={days} onChange={(event) => setDays(event.target.value)}>
          {DEVICE_MESSAGE_DAYS.map((count) => (
            <option key={count} value={count}>
              {t('deviceMessages.form.dayCount', { count })}
            </option>
          ))}
        </Select>
      </div>
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        submitLabel={t('deviceMessages.form.send')}
        pendingLabel={t('deviceMessages.form.sending')}
        pending={send.isPending}
      />
    </form>
  );
}
