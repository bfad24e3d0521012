import { API_KEY_SCOPES, createApiKeyBodySchema, type CreateApiKeyBody } from '@shared/api/api-key';
import { z } from 'zod';

/**
 * The create form: the shared body's name and scopes, and an expiry picked as a day (the key works
 * until the end of it, in the browser's time zone) or left empty for no expiry.
 */
export const apiKeyFormSchema = z.object({
  name: createApiKeyBodySchema.shape.name,
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'scopesRequired'),
  expiresOn: z.string().refine((day) => day === '' || endOfDay(day) > Date.now(), 'expiryInPast'),
});
export type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;

function endOfDay(day: string): number {
  return new Date(`${day}T23:59:59`).getTime();
}

export function toCreateBody(values: z.output<typeof apiKeyFormSchema>): CreateApiKeyBody {
  return {
    name: values.name,
    scopes: values.scopes,
    ...(values.expiresOn ? { expires_at: new Date(endOfDay(values.expiresOn)).toISOString() } : {}),
  };
}
