import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listDevices } from '@web/lib/panel-devices-api';
import { usePanelUser } from '@web/lib/panel-session';
import { queryKeys } from '@web/lib/query-keys';
import { useClampPage, useListParams } from '@web/lib/use-list-params';
import { readFilters, toListQuery, writeFilters } from './device-filters';

/** Manage Devices' list: the filters in the address, the page of devices they select. */
export function useDevicesList() {
  const user = usePanelUser();
  const { filters, update } = useListParams(readFilters, writeFilters);
  const query = useQuery({
    queryKey: queryKeys.deviceList(user.id, toListQuery(filters)),
    queryFn: ({ signal }) => listDevices(user, toListQuery(filters), signal),
    placeholderData: keepPreviousData,
  });
  useClampPage(filters.page, query.data?.pagination.last_page, (page) => update({ page }, { replace: true }));
  return { filters, update, query, devices: query.data?.data, pagination: query.data?.pagination };
}
