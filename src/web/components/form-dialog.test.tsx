import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, FormDialogFooter } from './form-dialog';

function renderForm(pending: boolean) {
  const onClose = vi.fn();
  render(
    <FormDialog open onClose={onClose} title="Edit link" description="Change its name.">
      <form>
        <FormDialogFooter onCancel={onClose} submitLabel="Save" pendingLabel="Saving..." pending={pending} />
      </form>
    </FormDialog>,
  );
  return onClose;
}

describe('FormDialog', () => {
  it('closes on Escape while nothing is being saved', async () => {
    const onClose = renderForm(false);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('cannot be closed while its form saves, so the outcome and its toast are never lost', async () => {
    const onClose = renderForm(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
