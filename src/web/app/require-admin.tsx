import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePanelUser } from '@web/lib/panel-session';

/**
 * Admin-only panel pages: anyone else goes to the dashboard home (docs/product.md). Loaded lazily
 * like the panel itself, so the session code stays out of the marketing site's bundle.
 */
export default function RequireAdmin({ children }: { children: ReactNode }) {
  const user = usePanelUser();
  if (user.role !== 'admin') return <Navigate to="/dashboard/home" replace />;
  return <>{children}</>;
}
