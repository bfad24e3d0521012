import type { ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';

/**
 * Where a code is typed: authenticator apps and SMS autofill offer one-time codes to
 * `autocomplete="one-time-code"`; left-to-right and spaced out in every language (digits and Latin letters).
 */
export function CodeInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      autoComplete="one-time-code"
      spellCheck={false}
      autoCapitalize="none"
      dir="ltr"
      className="font-mono tracking-widest"
      {...props}
    />
  );
}
