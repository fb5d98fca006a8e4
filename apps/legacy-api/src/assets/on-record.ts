/**
 * An asset as a workflow's record lists it (an installation, a transfer, a job order): which asset
 * and its status now. Each record adds what is its own (a transfer's outcome, a job's warranty).
 */
export function assetOnRecord<
  Asset extends {
    id: number;
    tag: string;
    name: string;
    serialNumber: string | null;
    assetStatus: string;
  },
>(asset: Asset) {
  return {
    AssetId: asset.id,
    AssetTag: asset.tag,
    AssetName: asset.name,
    SerialNumber: asset.serialNumber,
    AssetStatus: asset.assetStatus,
  };
}
