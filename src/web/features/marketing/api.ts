import type { ClientRegistrationBody } from '@shared/api/client';
import type { ContactBody } from '@shared/api/contact';
import { apiRequest } from '@web/lib/api-client';

/** POST /api/v1/contact: stores the message for the admins (5 per address per hour). */
export async function sendContactMessage(body: ContactBody): Promise<void> {
  await apiRequest('/contact', { method: 'POST', body });
}

/** POST /api/v1/client/create-and-bind: a Pending registration for a device the app has registered. */
export async function registerDevice(body: ClientRegistrationBody): Promise<void> {
  await apiRequest('/client/create-and-bind', { method: 'POST', body });
}
