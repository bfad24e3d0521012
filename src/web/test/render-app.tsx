import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@web/app/providers';
import { appRoutes } from '@web/app/router';
import type { Brand } from '@shared/brand';
import { TEST_BRAND } from './fixtures';

/**
 * Renders the whole app (real routes, layouts and lazy pages) at the last of `entries`; earlier
 * entries form the history behind it. Pass `fakeTimers` when the test uses vi.useFakeTimers(), and `brand` to render another operator's
 * brand than the development examples.
 */
export function renderApp(entries: string | string[], options: { fakeTimers?: boolean; brand?: Brand } = {}) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const router = createMemoryRouter(appRoutes, {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  const view = render(
    <AppProviders queryClient={queryClient} brand={options.brand ?? TEST_BRAND}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
