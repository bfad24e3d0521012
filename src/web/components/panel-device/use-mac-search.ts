import type { PanelDevice } from '@shared/api/panel-device';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { checkMac } from '@web/lib/panel-devices-api';
import { queryKeys } from '@web/lib/query-keys';

/** docs/product.md: Check MAC and Activate MAC search six colon-separated uppercase hex pairs. */
const SEARCHABLE_MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

export type MacSearchProblem = 'required' | 'invalid';

export function validateMacSearch(value: string): MacSearchProblem | null {
  if (value.trim() === '') return 'required';
  return SEARCHABLE_MAC.test(value.trim()) ? null : 'invalid';
}

export function isNotFound(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 404;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The MAC search of Check MAC and Activate MAC. The searched MAC lives in the address (?mac=), so a
 * reload or a link from another page shows the same device; searching the same MAC again fetches it
 * anew. Failures other than "not found" are also announced with docs/product.md's toasts.
 */
export function useMacSearch({ onFound }: { onFound?: (device: PanelDevice) => void } = {}) {
  const { t } = useTranslation('panel-devices');
  const [params, setParams] = useSearchParams();
  const fromAddress = (params.get('mac') ?? '').toUpperCase();
  const searchedMac = validateMacSearch(fromAddress) === null ? fromAddress : null;
  const [input, setInput] = useState(searchedMac ?? '');
  const [problem, setProblem] = useState<MacSearchProblem | null>(null);

  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });

  const query = useQuery({
    queryKey: queryKeys.deviceLookup(searchedMac ?? ''),
    enabled: searchedMac !== null,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        const device = await checkMac(searchedMac as string, signal);
        onFoundRef.current?.(device);
        return device;
      } catch (error) {
        // Not found is said by the page's "Device not found" card alone: a toast repeating it would
        // cover the card's Retry Search button on a phone.
        if (!isNotFound(error) && !isAbort(error)) {
          toast({
            variant: 'destructive',
            title: t('lookup.errorTitle'),
            description: t('lookup.errorToast'),
          });
        }
        throw error;
      }
    },
  });

  function changeInput(value: string) {
    setInput(value);
    if (problem) setProblem(null);
  }

  /** Validates and searches `value` (the field's text by default); false when it is not a MAC. */
  function search(value: string = input): boolean {
    const mac = value.trim().toUpperCase();
    const found = validateMacSearch(mac);
    setProblem(found);
    if (found === 'invalid') {
      toast({
        variant: 'destructive',
        title: t('lookup.invalidTitle'),
        description: t('lookup.invalidDescription'),
      });
    }
    if (found) return false;
    setInput(mac);
    if (mac === searchedMac) {
      void query.refetch();
    } else {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('mac', mac);
          return next;
        },
        { replace: true },
      );
    }
    return true;
  }

  return {
    input,
    setInput: changeInput,
    problem,
    search,
    searchedMac,
    query,
    searching: query.isFetching,
    retry: () => void query.refetch(),
  };
}

export type MacSearch = ReturnType<typeof useMacSearch>;
