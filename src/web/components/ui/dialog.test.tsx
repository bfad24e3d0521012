import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened from a plain button, the way list rows open theirs (no DialogTrigger). */
function RowWithDialog({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      {gone ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Edit row
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Edit</DialogTitle>
          <DialogDescription>Change the row.</DialogDescription>
          <button
            type="button"
            onClick={() => {
              if (!keepOpener) setGone(true);
              setOpen(false);
            }}
          >
            Done
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('gives focus back to the button that opened it, on Escape and on a button inside', async () => {
    const user = userEvent.setup();
    render(<RowWithDialog />);
    const opener = screen.getByRole('button', { name: 'Edit row' });

    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('does not fail when the opener is gone (a deleted row)', async () => {
    const user = userEvent.setup();
    render(<RowWithDialog keepOpener={false} />);
    await user.click(screen.getByRole('button', { name: 'Edit row' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit row' })).not.toBeInTheDocument();
  });
});
