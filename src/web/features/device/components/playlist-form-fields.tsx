import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { tabIds, Tabs, tabPanelProps } from '@web/components/ui/tabs';
import type { PlaylistFormInput } from '../schemas';
import { useFieldError } from '../use-field-error';
import { PlaylistPinFields } from './playlist-pin-fields';
import { PlaylistSourceFields } from './playlist-source-fields';

type PlaylistType = 'url' | 'account';

/**
 * Name, Direct URL / Account, and the optional PIN with its confirmation: the fields both playlist
 * forms share (the device page's and the standalone screen's). Used inside a FormProvider.
 */
export function PlaylistFormFields({
  idPrefix,
  clearOnTypeSwitch = false,
  filterPinDigits = true,
  keepsPinHint = false,
}: {
  idPrefix: string;
  /** The standalone screen empties the URL and account fields when the type changes. */
  clearOnTypeSwitch?: boolean;
  /** The device page accepts only digits in PIN fields; the standalone screen checks on submit. */
  filterPinDigits?: boolean;
  /** Editing a protected playlist: say that its PIN is filled in and can be changed. */
  keepsPinHint?: boolean;
}) {
  const { t } = useTranslation('device');
  const errorText = useFieldError();
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<PlaylistFormInput>();
  const isAccount = useWatch({ control, name: 'isAccount' });
  const type: PlaylistType = isAccount ? 'account' : 'url';
  const tabsId = `${idPrefix}-type`;
  const panel = tabIds(tabsId, type);

  function switchType(next: PlaylistType) {
    if (next === type) return;
    setValue('isAccount', next === 'account');
    if (clearOnTypeSwitch) {
      for (const field of ['url', 'host', 'username', 'password'] as const) setValue(field, '');
    }
    clearErrors(['url', 'host', 'username', 'password']);
  }

  return (
    <div className="grid gap-5">
      <FormField id={`${idPrefix}-name`} label={t('form.name')} error={errorText(errors.name?.message)}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            placeholder={t('form.namePlaceholder')}
            {...register('name')}
          />
        )}
      </FormField>

      <div className="grid gap-3">
        <span className="text-sm font-medium leading-none">{t('form.type')}</span>
        <Tabs
          id={tabsId}
          label={t('form.type')}
          value={type}
          onValueChange={switchType}
          className="grid w-full grid-cols-2 sm:w-fit"
          items={[
            { value: 'url', label: t('form.typeUrl') },
            { value: 'account', label: t('form.typeAccount') },
          ]}
        />
        <div id={panel.panel} {...tabPanelProps(panel.tab)} className="grid gap-5 rounded-lg outline-none">
          <PlaylistSourceFields idPrefix={idPrefix} isAccount={type === 'account'} />
        </div>
      </div>

      <FormField id={`${idPrefix}-epg`} label={t('form.epgUrl')} error={errorText(errors.epg_url?.message)}>
        {(field) => (
          <Input
            {...field}
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="http://provider.example/xmltv.php"
            {...register('epg_url')}
          />
        )}
      </FormField>

      <PlaylistPinFields idPrefix={idPrefix} filterPinDigits={filterPinDigits} keepsPinHint={keepsPinHint} />
    </div>
  );
}
