import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { DecisionForm } from './DecisionForm.tsx';

describe('DecisionForm', () => {
  it('keeps Verified and Reject disabled until a reason is given', async () => {
    const { user } = renderWithApp(<DecisionForm kind="verify" onDecide={vi.fn()} />);
    const verified = screen.getByRole('button', { name: 'Verified' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(verified).toBeDisabled();
    expect(reject).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Rates checked');
    await waitFor(() => expect(verified).toBeEnabled());
    expect(reject).toBeEnabled();
  });

  it('marks the description required, says so when it is left empty, and a blank one is no reason', async () => {
    const { user } = renderWithApp(<DecisionForm kind="approve" onDecide={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: /Description/ });
    expect(box).toBeRequired();
    // Leaving the field (not only typing and clearing) checks it.
    await user.click(box);
    await user.tab();
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Approved' })).toBeDisabled();
  });

  it('asks for confirmation; Continue decides with the trimmed reason', async () => {
    const onDecide = vi.fn(async () => {});
    const { user } = renderWithApp(<DecisionForm kind="approve" onDecide={onDecide} />);
    await user.type(screen.getByRole('textbox', { name: /Description/ }), '  Budget approved  ');
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Do you want to continue?');
    expect(confirm).toHaveTextContent('Please verify all the information before proceeding.');
    expect(onDecide).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('ACCEPT', 'Budget approved'));
  });

  it("Cancel at the confirmation decides nothing and says 'You cancelled the process'", async () => {
    const onDecide = vi.fn(async () => {});
    const { user } = renderWithApp(<DecisionForm kind="verify" onDecide={onDecide} />);
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Wrong vendor');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('You cancelled the process')).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('Reject decides REJECT', async () => {
    const onDecide = vi.fn(async () => {});
    const { user } = renderWithApp(<DecisionForm kind="verify" onDecide={onDecide} />);
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Wrong vendor');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('REJECT', 'Wrong vendor'));
  });

  it('a cancel dialog has a single Cancel order button', () => {
    renderWithApp(<DecisionForm kind="cancel" onDecide={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
