import { zodResolver } from '@hookform/resolvers/zod';
import { linkBodySchema, LINK_URL_MAX, LINK_VERSION_MAX, type LinkView } from '@shared/api/link';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { InputField } from '@web/components/form-field';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useSaveLink } from './api';

export type LinkDialogState = { mode: 'create' } | { mode: 'edit'; link: LinkView } | null;

function LinkForm({ link, onDone }: { link: LinkView | null; onDone: () => void }) {
  const { t } = useTranslation('panel-network');
  const save = useSaveLink(link);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(linkBodySchema, { error: formErrorMap }),
    defaultValues: { version: link?.version ?? '', url: link?.url ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ variant: 'success', title: link ? t('links.updated') : t('links.created') });
        onDone();
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: t('links.saveFailed'), description: translateError(error) });
      },
    }),
  );
  const urlError = errors.url?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <InputField
        id="link-version"
        label={t('links.form.version')}
        error={errors.version?.message}
        autoComplete="off"
        dir="ltr"
        className="text-start"
        maxLength={LINK_VERSION_MAX}
        placeholder={t('links.form.versionPlaceholder')}
        {...register('version')}
      />
      <InputField
        id="link-url"
        label={t('links.form.url')}
        error={
          urlError === 'urlRequired'
            ? t('links.form.urlRequired')
            : urlError === 'urlInvalid'
              ? t('links.form.urlInvalid')
              : urlError
        }
        type="url"
        inputMode="url"
        autoComplete="off"
        dir="ltr"
        className="text-start"
        maxLength={LINK_URL_MAX}
        placeholder="https://"
        {...register('url')}
      />
      <FormDialogFooter
        className="pt-2"
        onCancel={onDone}
        submitLabel={t('links.form.save')}
        pendingLabel={t('links.form.saving')}
        pending={save.isPending}
      />
    </form>
  );
}

/** Add or edit an application link (admins). */
export function LinkFormDialog({ state, onClose }: { state: LinkDialogState; onClose: () => void }) {
  const { t } = useTranslation('panel-network');
  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? t('links.form.editTitle') : t('links.form.createTitle')}
      description={t('links.form.description')}
    >
      {state ? <LinkForm link={state.mode === 'edit' ? state.link : null} onDone={onClose} /> : null}
    </FormDialog>
  );
}
