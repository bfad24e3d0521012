import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './i18n/setup';
import { readBrandState } from './lib/brand';
import { initTheme } from './lib/theme';

initTheme();
const brand = readBrandState();
initI18n(brand.name);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders brand={brand}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
