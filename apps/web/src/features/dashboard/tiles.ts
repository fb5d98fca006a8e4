import { isBuilt } from '../../app/built-routes.ts';
import type { AssetStatus, DashboardQuery } from '../../gql/graphql.ts';
import { RECORD_ROUTES } from '../../shared/recordRoutes.ts';
import { JOB_ORDERS } from '../job-orders/urls.ts';

type Dashboard = DashboardQuery['dashboard'];
type Figures = Dashboard['tiles'];
/** A tile's figure of the schema (every one but the assets' value, which sits on its tile). */
export type TileName = Exclude<keyof Figures, 'assetsValue'>;

export type TileSection = 'assets' | 'maintenance' | 'waiting';

export interface Tile {
  /** Unique among the tiles: the figure's name, or `status:<STATUS>`. */
  key: string;
  section: TileSection;
  label: `dashboard.tiles.${TileName}` | `assets.statuses.${AssetStatus}`;
  count: number;
  /** Their value (a Decimal), on the assets' tiles. */
  value: string | null;
  /** The list this tile opens, filtered; null when the app has no such screen yet. */
  to: string | null;
  /** A count above zero asks for attention (shown in red). */
  alarm: boolean;
}

/** A list's address with its filters, in the chosen branch when the dashboard shows one. */
function listLink(path: string, filters: Record<string, string>, branchId: string | null) {
  const query = new URLSearchParams(branchId ? { branch: branchId } : {});
  for (const [name, value] of Object.entries(filters)) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

const ASSETS = RECORD_ROUTES.asset.list;
const ACCESSORIES = RECORD_ROUTES.accessories.list;
const TRANSFERS = '/asset-transferred/list';
const CONTRACTS = '/amc/list';
const PURCHASE_ORDERS = '/purchase-order/list';
const AUDITS = '/asset-audit/list';

/**
 * Each figure's tile: its section, and the list it opens with the URL filters that list reads
 * (docs/reports.md, "Dashboard", says which lists match the count exactly and which are the
 * closest there is).
 */
const FIGURES: readonly {
  name: TileName;
  section: TileSection;
  path: string;
  filters: Record<string, string>;
  alarm?: boolean;
}[] = [
  { name: 'assetsTotal', section: 'assets', path: ASSETS, filters: {} },
  {
    name: 'criticalDown',
    section: 'assets',
    path: ASSETS,
    filters: { attention: 'CRITICAL_DOWN' },
    alarm: true,
  },
  { name: 'openJobOrders', section: 'maintenance', path: JOB_ORDERS, filters: { open: '1' } },
  {
    name: 'jobOrdersPastTarget',
    section: 'maintenance',
    path: JOB_ORDERS,
    filters: { open: '1', late: '1' },
    alarm: true,
  },
  {
    name: 'preventiveDue',
    section: 'maintenance',
    path: JOB_ORDERS,
    filters: { due: 'SOON' },
  },
  {
    name: 'preventiveOverdue',
    section: 'maintenance',
    path: JOB_ORDERS,
    filters: { due: 'OVERDUE' },
    alarm: true,
  },
  {
    name: 'warrantiesEnding',
    section: 'maintenance',
    path: ASSETS,
    filters: { status: 'IN_USE', warranty: 'EXPIRING' },
  },
  {
    name: 'contractsEnding',
    section: 'maintenance',
    path: CONTRACTS,
    filters: { status: 'ENDING' },
  },
  {
    name: 'assetsUncovered',
    section: 'maintenance',
    path: ASSETS,
    filters: { attention: 'UNCOVERED' },
  },
  {
    name: 'receiptsAwaitingInstallation',
    section: 'waiting',
    path: ASSETS,
    filters: { attention: 'AWAITING_INSTALLATION' },
  },
  {
    name: 'transfersToApprove',
    section: 'waiting',
    path: TRANSFERS,
    filters: { status: 'REQUESTED' },
  },
  {
    name: 'transfersToDispatch',
    section: 'waiting',
    path: TRANSFERS,
    filters: { status: 'APPROVED' },
  },
  {
    name: 'transfersToReceive',
    section: 'waiting',
    path: TRANSFERS,
    filters: { direction: 'INCOMING', status: 'IN_TRANSIT' },
  },
  {
    name: 'accessoriesBelowMinimum',
    section: 'waiting',
    path: ACCESSORIES,
    filters: { stock: 'below' },
  },
  { name: 'auditsDue', section: 'waiting', path: AUDITS, filters: { due: 'true' } },
  {
    name: 'ordersToVerify',
    section: 'waiting',
    path: PURCHASE_ORDERS,
    filters: { status: 'PENDING' },
  },
  {
    name: 'ordersToApprove',
    section: 'waiting',
    path: PURCHASE_ORDERS,
    filters: { status: 'WAITING_FOR_APPROVAL' },
  },
];

/**
 * The dashboard's tiles in order: the assets (all, then one per status with its value), then
 * maintenance and cover, then what waits for action. A figure the server left null (the user's
 * role may not open its list) has no tile. `branchId` is the branch shown, or null for all the
 * user's branches: the links then name no branch (the register and the accessories list all the
 * user's branches; the lists of one branch open on the primary one).
 */
export function dashboardTiles(
  dashboard: Pick<Dashboard, 'tiles' | 'assetsByStatus'>,
  branchId: string | null,
): Tile[] {
  const { tiles } = dashboard;
  const link = (path: string, filters: Record<string, string>) => {
    const to = listLink(path, filters, branchId);
    return isBuilt(to) ? to : null;
  };
  const tile = (figure: (typeof FIGURES)[number]): Tile[] => {
    const count = tiles[figure.name];
    if (count === null) return [];
    return [
      {
        key: figure.name,
        section: figure.section,
        label: `dashboard.tiles.${figure.name}`,
        count,
        value: figure.name === 'assetsTotal' ? tiles.assetsValue : null,
        to: link(figure.path, figure.filters),
        alarm: figure.alarm === true && count > 0,
      },
    ];
  };
  const [total, ...others] = FIGURES;
  const byStatus: Tile[] =
    tiles.assetsTotal === null
      ? []
      : dashboard.assetsByStatus.map((row) => ({
          key: `status:${row.status}`,
          section: 'assets',
          label: `assets.statuses.${row.status}`,
          count: row.count,
          value: row.value,
          to: link(ASSETS, { status: row.status }),
          alarm: false,
        }));
  return [...(total ? tile(total) : []), ...byStatus, ...others.flatMap(tile)];
}
