import { deviceExportQuerySchema } from '@shared/api/panel-device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@web/components/data-table';
import { FormDialog } from '@web/components/form-dialog';
import { ListToolbar } from '@web/components/list-page';
import { PageIntro } from '@web/components/page-intro';
import { usePanelUser } from '@web/lib/panel-session';
import { useSentDeviceMessages } from './api';
import { useDeviceMessageColumns } from './device-messages-columns';
import type { MessageFilter } from './filter-summary';
import { SendMessageForm } from './send-message-form';

/**
 * The device list's filters when the form was opened from it ("Message these devices":
 * `?compose&status=…&payment=…&search=…&expiring=7d`); null when there are none (then "all" means all).
 */
function readFilter(params: URLSearchParams): MessageFilter | null {
  const parsed = deviceExportQuerySchema.safeParse({
    status: params.get('status') ?? undefined,
    payment: params.get('payment') ?? undefined,
    search: params.get('search') ?? undefined,
    expiring: params.get('expiring') ?? undefined,
  });
  if (!parsed.success) return null;
  const { status, payment, search, expiring } = parsed.data;
  if (!status && !payment && !search && !expiring) return null;
  return {
    ...(status ? { status } : {}),
    ...(payment ? { payment } : {}),
    ...(search ? { search } : {}),
    ...(expiring ? { expiring } : {}),
  };
}

/**
 * Messages to devices (/dashboard/device-messages): the messages sent, newest first, each with how
 * many TVs it reached and until when, Withdraw; New message writes one.
 */
export function DeviceMessagesPage() {
  const { t } = useTranslation('panel-devices');
  const isAdmin = usePanelUser().role === 'admin';
  const [params, setParams] = useSearchParams();
  const [composing, setComposing] = useState(params.has('compose'));
  const filter = readFilter(params);
  const messages = useSentDeviceMessages();
  const columns = useDeviceMessageColumns({ isAdmin });

  function close() {
    setComposing(false);
    // The list's filters served this message only; the next one starts afresh.
    if (params.size > 0) setParams(new URLSearchParams(), { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageIntro
        title={t('deviceMessages.title')}
        intro={isAdmin ? t('deviceMessages.introAdmin') : t('deviceMessages.intro')}
      />
      <ListToolbar addLabel={t('deviceMessages.add')} onAdd={() => setComposing(true)} />
      <DataTable
        columns={columns}
        query={messages}
        rows={messages.data}
        rowKey={(message) => message.id}
        caption={t('deviceMessages.table.caption')}
        empty={t('deviceMessages.empty')}
        failure={t('deviceMessages.loadFailed')}
        className="bg-card"
      />
      <FormDialog
        open={composing}
        onClose={close}
        title={t('deviceMessages.form.title')}
        description={t('deviceMessages.form.description')}
      >
        {composing ? <SendMessageForm filter={filter} isAdmin={isAdmin} onDone={close} /> : null}
      </FormDialog>
    </div>
  );
}
