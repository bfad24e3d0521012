import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(busy: boolean) {
  const onOpenChange = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete this link?"
      description="It disappears for everyone."
      busy={busy}
      onConfirm={() => {}}
    />,
  );
  return onOpenChange;
}

describe('ConfirmDialog', () => {
  it('closes on Escape when idle', async () => {
    const onOpenChange = renderDialog(false);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('cannot be closed while its action runs, so the outcome is never hidden half-way', async () => {
    const onOpenChange = renderDialog(true);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
