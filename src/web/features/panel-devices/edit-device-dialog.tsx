import { zodResolver } from '@hookform/resolvers/zod';
import type { PanelDevice } from '@shared/api/panel-device';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { InputField } from '@web/components/form-field';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { useUpdateDevice } from './api';
import { isolateLtr } from '@web/lib/bidi';

const editDeviceSchema = z.object({
  name: z.string().trim().max(100),
  phone: z.string().trim().max(30),
});
type EditDeviceForm = z.infer<typeof editDeviceSchema>;

function EditDeviceForm({ device, onDone }: { device: PanelDevice; onDone: () => void }) {
  const { t } = useTranslation('panel-devices');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditDeviceForm>({
    resolver: zodResolver(editDeviceSchema, { error: formErrorMap }),
    defaultValues: { name: device.name ?? '', phone: device.phone ?? '' },
  });
  const mutation = useUpdateDevice(device.id);

  function save(values: EditDeviceForm) {
    mutation.mutate(
      { name: values.name || null, phone: values.phone || null },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('devices.edit.success') });
          onDone();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t('devices.edit.errorTitle'),
            description: translateError(error),
          });
        },
      },
    );
  }
  const pending = mutation.isPending;

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="grid gap-5">
      <InputField
        id="edit-device-name"
        label={t('devices.edit.name')}
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <InputField
        id="edit-device-phone"
        label={t('devices.edit.phone')}
        error={errors.phone?.message}
        type="tel"
        dir="ltr"
        autoComplete="off"
        {...register('phone')}
      />
      {mutation.isError ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t('devices.edit.failed')}
        </p>
      ) : null}
      <FormDialogFooter
        onCancel={onDone}
        submitLabel={t('devices.edit.save')}
        pendingLabel={t('devices.edit.saving')}
        pending={pending}
      />
    </form>
  );
}

/** Edit Device: the client's name and phone; the form starts afresh each time it opens. */
export function EditDeviceDialog({
  device,
  onOpenChange,
}: {
  device: PanelDevice | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <FormDialog
      open={device !== null}
      onClose={() => onOpenChange(false)}
      title={t('devices.edit.title')}
      description={t('devices.edit.description', { mac: isolateLtr(device?.mac ?? '') })}
    >
      {device ? <EditDeviceForm device={device} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}
