import { useEffect, useRef, useState } from 'react';
import { isApiRequestError } from '@web/lib/api-client';

/** What became of a public form's last submission; a failure keeps the HTTP status (0: no answer). */
export type FormOutcome = { tone: 'success' } | { tone: 'error'; status: number } | null;

/**
 * Sends a public form's values and keeps the outcome. The banner showing it takes focus, so a screen
 * reader announces the result and the keyboard starts from it.
 */
export function usePublicFormSubmit<Values>(send: (values: Values) => Promise<unknown>, onSent: () => void) {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) bannerRef.current?.focus();
  }, [outcome]);

  async function submit(values: Values) {
    setOutcome(null);
    try {
      await send(values);
      onSent();
      setOutcome({ tone: 'success' });
    } catch (error) {
      setOutcome({ tone: 'error', status: isApiRequestError(error) ? error.status : 0 });
    }
  }

  return { outcome, bannerRef, submit };
}
