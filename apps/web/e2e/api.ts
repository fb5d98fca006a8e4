import { type Page, test } from '@playwright/test';

/*
 * Data a spec makes for itself through the GraphQL API, with the logged-in page's session: what
 * the test needs before its own steps, made without clicking through other screens.
 */

/** A GraphQL call with the page's session, as the web app makes it. */
export async function gql<Data>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await page.request.post('/graphql', {
    data: { query, variables },
    headers: { 'x-requested-with': 'e2e' },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The demo room of CHN-ANN that the assets tests make stand in (seed/asset-data.ts). */
const DEMO_ROOM = 'ICU';

/** A new asset of CHN-ANN, registered through the API as the logged-in user. */
export async function anAssetOfChnAnn(
  page: Page,
  changes: Record<string, unknown> = {},
): Promise<{ id: string; tag: string; name: string }> {
  const mark = `${Date.now().toString(36)}${test.info().workerIndex}${test.info().repeatEachIndex}`;
  const { branchOptions } = await gql<{ branchOptions: { value: string; text: string }[] }>(
    page,
    '{ branchOptions { value text } }',
  );
  const branchId = branchOptions.find((option) => option.text.startsWith('CHN-ANN '))?.value;
  if (!branchId) throw new Error('no CHN-ANN among the branches');
  const choices = await gql<{
    rooms: { value: string; text: string }[];
    types: { value: string }[];
    brands: { value: string }[];
  }>(
    page,
    `query ($branchId: ID!) {
      rooms: assetLocationOptions(branchId: $branchId) { value text }
      types: masterOptions(list: ASSET_TYPE) { value }
      brands: masterOptions(list: BRAND) { value }
    }`,
    { branchId },
  );
  const name = `Syringe pump ${mark}`;
  const saved = await gql<{ saveAsset: { asset: { id: string; tag: string } } }>(
    page,
    `mutation ($input: AssetInput!) { saveAsset(input: $input) { asset { id tag } } }`,
    {
      input: {
        name,
        branchId,
        // A room of the demo's, by name: rooms other tests add (an audit's ward) are theirs alone.
        locationId: choices.rooms.find((room) => room.text === DEMO_ROOM)?.value,
        assetTypeId: choices.types[0]?.value,
        brandId: choices.brands[0]?.value,
        serialNumber: `E2E-${mark}`.toUpperCase(),
        criticality: 'HIGH',
        condition: 'GOOD',
        ...changes,
      },
    },
  );
  return { ...saved.saveAsset.asset, name };
}
