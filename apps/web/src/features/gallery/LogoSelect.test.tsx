import { MockedProvider } from '@apollo/client/testing/react';
import { screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { GalleryOptionsQuery } from './documents.ts';
import { LogoSelect } from './LogoSelect.tsx';

const mocks = [
  {
    request: { query: GalleryOptionsQuery, variables: { kind: 'BRANCH_LOGO' } },
    result: {
      data: {
        galleryOptions: [
          { __typename: 'Option', value: '/files/gallery/a.png', text: 'Anna Nagar logo' },
          { __typename: 'Option', value: '/files/gallery/b.png', text: 'Madurai logo' },
        ],
      },
    },
  },
];

/** A form's field, as react-hook-form's Controller would hold it. */
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LogoSelect kind="BRANCH_LOGO" aria-label="Logo" value={value} onChange={setValue} />
      <output>{value || 'none'}</output>
    </>
  );
}

function renderField(initial = '') {
  return renderWithApp(<Field initial={initial} />, {
    wrapper: (children: ReactNode) => <MockedProvider mocks={mocks}>{children}</MockedProvider>,
  });
}

describe('LogoSelect', () => {
  it('offers the gallery’s logos of one kind and previews the chosen one', async () => {
    const { user } = renderField();
    const select = screen.getByRole('combobox', { name: 'Logo' });
    expect(await screen.findByRole('option', { name: 'Madurai logo' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await user.selectOptions(select, '/files/gallery/b.png');
    expect(screen.getByText('/files/gallery/b.png')).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Chosen logo: Madurai logo' });
    expect(preview.getAttribute('src')).toBe('/files/gallery/b.png');
    await user.selectOptions(select, '');
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('keeps a value that is no longer in the gallery instead of dropping it', async () => {
    renderField('/files/gallery/gone.png');
    expect(await screen.findByRole('option', { name: 'Madurai logo' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '/files/gallery/gone.png' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Logo' }) as HTMLSelectElement).value).toBe(
      '/files/gallery/gone.png',
    );
  });
});
