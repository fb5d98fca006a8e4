import type { AssetTransferDetail } from '@branch-assets/legacy-contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/codes.ts';
import { numericId } from '../graphql/ids.ts';
import type { LegacyClient } from '../legacy/client.ts';
import { tokenOf } from '../session/request-auth.ts';
import { type GatePassDocument, gatePassPdf } from './gate-pass-pdf.ts';

/*
 * GET /asset-transfers/<id>/gate-pass.pdf: the gate pass of a transfer between branches, printed
 * here from what legacy-api answers (assetTransferShow, which checks that the caller works in the
 * source or the destination branch). A transfer has its gate pass from its dispatch on: before
 * that nothing has left the gate, and it is refused.
 */

export function gatePassUrl(id: number | string): string {
  return `/asset-transfers/${id}/gate-pass.pdf`;
}

export function gatePassDocument(
  transfer: AssetTransferDetail & { GatePassNumber: string },
): GatePassDocument {
  return {
    gatePassNumber: transfer.GatePassNumber,
    transferNumber: transfer.TransferNumber,
    dispatchedAt: transfer.DispatchedAt,
    fromBranch: transfer.FromBranchName,
    toBranch: transfer.ToBranchName,
    vehicle: transfer.Vehicle ?? '—',
    reason: transfer.Reason,
    requestedBy: transfer.RequestedByName,
    approvedBy: transfer.DecidedByName,
    dispatchedBy: transfer.DispatchedByName,
    assets: transfer.Assets.map((asset) => ({
      tag: asset.AssetTag,
      name: asset.AssetName,
      serialNumber: asset.SerialNumber,
    })),
    accessories: transfer.Accessories.map((item) => ({
      name: item.AccessoryName,
      unit: item.Unit,
      quantity: item.Quantity,
    })),
  };
}

export async function transferRoutes(app: FastifyInstance, options: { legacy: LegacyClient }) {
  const { legacy } = options;
  app.get<{ Params: { id: string } }>(
    '/asset-transfers/:id/gate-pass.pdf',
    async (request, reply) => {
      const token = tokenOf(request.auth);
      const context = { token, requestId: request.id };
      const id = numericId(request.params.id, 'id');
      const { records: transfer } = await legacy.call(
        'assetTransferShow',
        { UserInterface: 1, AssetTransfer: id },
        context,
      );
      const { GatePassNumber } = transfer;
      if (GatePassNumber === null)
        throw new AppError('REJECTED', 'A transfer has its gate pass once it is dispatched.');
      const pdf = await gatePassPdf(gatePassDocument({ ...transfer, GatePassNumber }));
      const name = `GatePass_${GatePassNumber.replaceAll('/', '-')}`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
