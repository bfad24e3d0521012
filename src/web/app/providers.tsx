import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { Toaster } from '@web/components/ui/toast';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** Everything every face of the app shares: data cache, the loading fallback and the one toaster. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
      <Toaster />
    </QueryClientProvider>
  );
}
