import { ApolloProvider } from '@apollo/client/react';
import { screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AssetStatus } from '../../gql/graphql.ts';
import { fakeGateway } from '../../test/fakeGateway.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AssetPicker, type PickedAsset, withPick } from './AssetPicker.tsx';

const pump = { id: '1', tag: 'BR1-0001', name: 'Pump' };
const fan = { id: '2', tag: 'BR1-0002', name: 'Fan' };

describe('withPick', () => {
  it('adds a ticked asset last, once, keeping only its id, tag and name', () => {
    const row = { ...fan, serialNumber: 'SN-2', assetStatus: 'IN_USE' };
    expect(withPick([pump], row, true)).toEqual([pump, fan]);
    expect(withPick([fan, pump], fan, true)).toEqual([pump, fan]);
  });

  it('drops an unticked asset and leaves the picks given alone', () => {
    const before = [pump, fan];
    expect(withPick(before, pump, false)).toEqual([fan]);
    expect(withPick(before, { ...pump, id: '9' }, false)).toEqual(before);
    expect(before).toEqual([pump, fan]);
  });
});

interface FakeAsset {
  id: string;
  tag: string;
  name: string;
  serialNumber: string | null;
  locationName: string;
  assetStatus: AssetStatus;
}

const stock: FakeAsset[] = [
  { ...pump, serialNumber: 'SN-1', locationName: 'Store', assetStatus: 'IN_USE' },
  { ...fan, serialNumber: null, locationName: 'Hall', assetStatus: 'DISPOSED' },
  {
    id: '3',
    tag: 'BR1-0003',
    name: 'Printer',
    serialNumber: 'P-3',
    locationName: 'Hall',
    assetStatus: 'IN_STOCK',
  },
];

function Picker({ initial = [] }: { initial?: PickedAsset[] }) {
  const [picked, setPicked] = useState<PickedAsset[]>(initial);
  const [asked, setAsked] = useState('');
  return (
    <>
      <button type="button" onClick={() => setAsked('BR1-0002')}>
        Ask for the fan
      </button>
      <AssetPicker
        legend="Assets"
        branchId="7"
        picked={picked}
        onChange={setPicked}
        pickable={(status) => status !== 'DISPOSED'}
        findLabel="Find assets"
        helperText="Disposed ones cannot be chosen."
        chosenText={`${picked.length} assets chosen`}
        removeLabel={(asset) => `Remove ${asset.tag}`}
        chipText={(asset) => `${asset.tag} · ${asset.name}`}
        initialSearch={asked}
      >
        <p>A notice of the form</p>
      </AssetPicker>
    </>
  );
}

function renderPicker(initial: PickedAsset[] = []) {
  const gateway = fakeGateway({
    assets: ({ search }: { search?: string | null }) => ({
      rows: stock.filter(
        (asset) =>
          !search || `${asset.tag} ${asset.name}`.toLowerCase().includes(search.toLowerCase()),
      ),
    }),
  });
  const rendered = renderWithApp(<Picker initial={initial} />, {
    wrapper: (children: ReactNode) => (
      <ApolloProvider client={gateway.client}>{children}</ApolloProvider>
    ),
  });
  const searches = () => gateway.callsOf('AssetPicker').map((call) => call.variables);
  return { ...rendered, gateway, searches };
}

describe('AssetPicker', () => {
  it("ticks the branch's pickable assets, counts them and removes one by its chip", async () => {
    const { user, searches } = renderPicker([pump]);
    expect(screen.getByRole('group', { name: 'Assets' })).toHaveTextContent('A notice of the form');
    expect(screen.getByText('Disposed ones cannot be chosen.')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'BR1-0001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'BR1-0002' })).toBeDisabled();
    expect(searches()).toEqual([{ branchId: '7', search: null }]);

    await user.click(screen.getByRole('checkbox', { name: 'BR1-0003' }));
    expect(screen.getByText('2 assets chosen')).toBeInTheDocument();
    expect(screen.getByText('BR1-0003 · Printer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove BR1-0001' }));
    expect(screen.getByRole('checkbox', { name: 'BR1-0001' })).not.toBeChecked();
    expect(screen.getByText('1 assets chosen')).toBeInTheDocument();
    expect(screen.queryByText('BR1-0001 · Pump')).not.toBeInTheDocument();
  });

  it('asks for what was typed once typing stops, keeping the rows shown meanwhile', async () => {
    const { user, searches } = renderPicker();
    await screen.findByRole('checkbox', { name: 'BR1-0003' });
    await user.type(screen.getByRole('searchbox', { name: 'Find assets' }), ' printer ');
    expect(screen.getByRole('checkbox', { name: 'BR1-0001' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'BR1-0001' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'BR1-0003' })).toBeInTheDocument();
    expect(searches()).toEqual([
      { branchId: '7', search: null },
      { branchId: '7', search: 'printer' },
    ]);
  });

  it('searches for an asset asked for after it was shown', async () => {
    const { user, searches } = renderPicker();
    await screen.findByRole('checkbox', { name: 'BR1-0003' });
    await user.click(screen.getByRole('button', { name: 'Ask for the fan' }));
    expect(screen.getByRole('searchbox', { name: 'Find assets' })).toHaveValue('BR1-0002');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'BR1-0003' })).toBeNull());
    expect(searches().at(-1)).toEqual({ branchId: '7', search: 'BR1-0002' });
  });

  it('says the search failed and asks again on Try again', async () => {
    const { user, gateway } = renderPicker();
    gateway.setDown(true);
    await user.type(screen.getByRole('searchbox', { name: 'Find assets' }), 'fan');
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    gateway.setDown(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'BR1-0002' })).toBeDisabled();
    expect(screen.queryByText(/could not be reached/)).not.toBeInTheDocument();
  });
});
