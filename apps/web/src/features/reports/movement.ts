import { formatPaise, toPaise } from '@branch-assets/domain';

/*
 * The branch asset report's own arithmetic in the browser, exact in paise: the movement's check
 * (opening + additions + transfers in − transfers out − disposals = closing, in number and in
 * cost), shown on every row as a visible assurance that the server's figures hold together, and
 * the register's subtotal per branch (the server sends the rows and the grand total).
 */

type AtCost = { assets: number; cost: string };

export type MovementFigures = {
  opening: AtCost;
  additions: AtCost;
  transfersIn: AtCost;
  transfersOut: AtCost;
  disposals: AtCost;
  closing: AtCost;
};

export function reconciles(row: MovementFigures): boolean {
  const count =
    row.opening.assets +
    row.additions.assets +
    row.transfersIn.assets -
    row.transfersOut.assets -
    row.disposals.assets;
  const cost =
    toPaise(row.opening.cost) +
    toPaise(row.additions.cost) +
    toPaise(row.transfersIn.cost) -
    toPaise(row.transfersOut.cost) -
    toPaise(row.disposals.cost);
  return count === row.closing.assets && cost === toPaise(row.closing.cost);
}

type RegisterLine = {
  branchId: string;
  branchCode: string;
  assets: number;
  cost: string;
  accumulated: string;
  netBook: string;
};

/**
 * The register's rows grouped by branch in the order they came, each branch followed by its
 * subtotal (assets, cost, accumulated depreciation, net book value), added exactly.
 */
export function withBranchSubtotals<Line extends RegisterLine>(
  lines: readonly Line[],
): (
  | { kind: 'line'; line: Line }
  | {
      kind: 'subtotal';
      branchId: string;
      branchCode: string;
      assets: number;
      cost: string;
      accumulated: string;
      netBook: string;
    }
)[] {
  const order: string[] = [];
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const group = groups.get(line.branchId);
    if (group) group.push(line);
    else {
      groups.set(line.branchId, [line]);
      order.push(line.branchId);
    }
  }
  return order.flatMap((branchId) => {
    const group = groups.get(branchId) ?? [];
    const sum = (pick: (line: Line) => string) =>
      formatPaise(group.reduce((total, line) => total + toPaise(pick(line)), 0));
    return [
      ...group.map((line) => ({ kind: 'line' as const, line })),
      {
        kind: 'subtotal' as const,
        branchId,
        branchCode: group[0]?.branchCode ?? '',
        assets: group.reduce((total, line) => total + line.assets, 0),
        cost: sum((line) => line.cost),
        accumulated: sum((line) => line.accumulated),
        netBook: sum((line) => line.netBook),
      },
    ];
  });
}
