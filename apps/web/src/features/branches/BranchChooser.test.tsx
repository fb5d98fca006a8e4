import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { BranchChooser, type ChooserBranch } from './BranchChooser.tsx';

const branches: ChooserBranch[] = [
  { id: '1', code: 'CHN-HO', name: 'Chennai Head Office', logoUrl: null },
  { id: '2', code: 'CHN-ANN', name: 'Chennai Anna Nagar', logoUrl: '/files/logos/2.png' },
  { id: '3', code: 'MDU-KKN', name: 'Madurai K.K. Nagar', logoUrl: null },
];

function renderChooser(closable: boolean) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  const rendered = renderWithApp(
    <BranchChooser
      open
      closable={closable}
      branches={branches}
      currentId="1"
      onChoose={onChoose}
      onClose={onClose}
    />,
  );
  return { ...rendered, onChoose, onClose };
}

describe('BranchChooser', () => {
  it('shows every branch as a card with code and name, no paging', async () => {
    renderChooser(true);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Choose your primary branch');
    for (const branch of branches)
      expect(
        screen.getByRole('button', { name: `${branch.code} ${branch.name}` }),
      ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CHN-HO Chennai Head Office' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('filters by code or name', async () => {
    const { user } = renderChooser(true);
    await user.type(await screen.findByRole('searchbox', { name: 'Search branches' }), 'madurai');
    expect(within(screen.getByTestId('branch-grid')).getAllByRole('button')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Search branches' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search branches' }), 'zzz');
    expect(screen.getByText('No branches found')).toBeInTheDocument();
  });

  it('a click chooses the branch', async () => {
    const { user, onChoose } = renderChooser(true);
    await user.click(await screen.findByRole('button', { name: 'CHN-ANN Chennai Anna Nagar' }));
    expect(onChoose).toHaveBeenCalledWith(branches[1]);
  });

  it('can be closed when the user already has a primary branch', async () => {
    const { user, onClose } = renderChooser(true);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('cannot be closed on a first login: no close button, Escape does nothing', async () => {
    const { user, onClose } = renderChooser(false);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
