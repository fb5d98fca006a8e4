import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseOrderRowFieldsFragment } from '../../gql/graphql.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PurchaseOrderActions } from './PurchaseOrderActions.tsx';

const chip = { text: 'Pending', background: '#FFF0E1', color: '#995F28' };
function row(
  actions: Partial<PurchaseOrderRowFieldsFragment['actions']>,
  documentUrl: string | null = null,
): PurchaseOrderRowFieldsFragment {
  return {
    id: '7',
    number: 'PO/CHN-HO/2026-27/0001',
    billedBranchId: '1',
    billedBranchName: 'Chennai Head Office',
    shippedBranchName: 'Chennai Head Office',
    dateText: '01-04-2026',
    date: '2026-04-01',
    vendorName: 'Cauvery Electricals',
    documentUrl,
    status: chip,
    verification: chip,
    approval: chip,
    actions: {
      preview: false,
      verify: false,
      approve: false,
      edit: false,
      cancel: false,
      ...actions,
    },
  };
}

const ALL = ['Preview', 'Verify', 'Approve', 'Edit', 'Cancel', 'Download PDF'];

describe('PurchaseOrderActions', () => {
  it('shows nothing the flags do not allow', () => {
    renderWithApp(<PurchaseOrderActions row={row({})} onOpen={vi.fn()} />);
    for (const name of ALL) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows each action its flag allows, with an accessible name', () => {
    renderWithApp(
      <PurchaseOrderActions
        row={row(
          { preview: true, verify: true, approve: true, edit: true, cancel: true },
          '/files/po.pdf',
        )}
        onOpen={vi.fn()}
      />,
    );
    for (const name of ['Preview', 'Verify', 'Approve', 'Cancel'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // Edit opens the order form on the order (the legacy link).
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/purchase-order\/create\?id=\d+$/),
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/files/po.pdf',
    );
  });

  it('opens the dialog of the action clicked', async () => {
    const onOpen = vi.fn();
    const { user } = renderWithApp(
      <PurchaseOrderActions row={row({ preview: true, verify: true })} onOpen={onOpen} />,
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onOpen.mock.calls).toEqual([['verify'], ['preview']]);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('keeps each action in its own place, whatever the row allows', () => {
    const places = (
      flags: Partial<PurchaseOrderRowFieldsFragment['actions']>,
      pdf: string | null,
    ) => {
      const { unmount } = renderWithApp(
        <PurchaseOrderActions row={row(flags, pdf)} onOpen={vi.fn()} />,
      );
      const group = screen.getByRole('group');
      const slots = [...group.children].map(
        (slot) => slot.querySelector('[aria-label]')?.getAttribute('aria-label') ?? null,
      );
      unmount();
      return slots;
    };
    const cancelOnly = places({ cancel: true }, null);
    const all = places(
      { preview: true, verify: true, approve: true, cancel: true },
      '/files/po.pdf',
    );
    expect(cancelOnly).toHaveLength(all.length);
    expect(cancelOnly.indexOf('Cancel')).toBe(all.indexOf('Cancel'));
    expect(places({ preview: true }, '/files/po.pdf').indexOf('Download PDF')).toBe(
      all.indexOf('Download PDF'),
    );
  });
});
