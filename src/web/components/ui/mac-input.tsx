import type { ComponentProps } from 'react';
import { formatMacInput } from '@shared/mac';
import { Input } from './input';

/**
 * The MAC field of every form: hex only, uppercase, pairs joined by colons, 12 digits at most, as the
 * user types. Always left-to-right, even in Arabic.
 */
export function MacInput({
  onValueChange,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { onValueChange?: (value: string) => void }) {
  return (
    <Input
      dir="ltr"
      inputMode="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={17}
      placeholder="00:1A:2B:3C:4D:5E"
      className="font-mono"
      {...props}
      onChange={(event) => {
        const formatted = formatMacInput(event.target.value);
        event.target.value = formatted;
        onValueChange?.(formatted);
        onChange?.(event);
      }}
    />
  );
}
