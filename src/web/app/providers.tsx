import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { Toaster } from '@web/components/ui/toast';
import { BrandProvider } from '@web/lib/brand';
import type { Brand } from '@shared/brand';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/**
 * Everything every face of the app shares: the operator's brand, data cache, the loading fallback and
 * the one toaster.
 */
export function AppProviders({
  children,
  queryClient,
  brand,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  brand: Brand;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <BrandProvider value={brand}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
        <Toaster />
      </QueryClientProvider>
    </BrandProvider>
  );
}
