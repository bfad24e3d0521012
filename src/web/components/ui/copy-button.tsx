import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { toast } from './toast';

export const COPY_FEEDBACK_MS = 2000;

/** Copies a value, confirms with a toast and shows a tick for two seconds (docs/product.md). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({
        title: t('actions.copied'),
        description: t('actions.copiedLabel', { label }),
        variant: 'success',
      });
    } catch {
      toast({ title: t('errors.internal_error'), variant: 'destructive' });
    }
  }

  return (
    <Button variant="ghost" size="icon" onClick={copy} aria-label={t('actions.copy', { label })}>
      {copied ? <Check className="text-emerald-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
