import type { AssetAttention } from '@branch-assets/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/*
 * The assets needing attention (packages/domain ASSET_ATTENTIONS) as conditions on an asset `a`:
 * one definition for the dashboard's tiles and the register's filter, so that a tile's count is
 * what its click lists.
 */

/** In use, with neither a warranty running on `asOf` nor a maintenance contract in force then. */
export function uncoveredCondition(asOf: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(a.asset_status = 'IN_USE'
    and (a.warranty_end is null or a.warranty_end < ${asOf}::date)
    and not exists (select 1 from maintenance_contract_assets ca
      join maintenance_contracts c on c.id = ca.contract_id
      where ca.asset_id = a.id and c.start_date <= ${asOf}::date and c.end_date >= ${asOf}::date))`;
}

export const CRITICAL_DOWN = sql<SqlBool>`(a.criticality = 'HIGH' and a.asset_status in ('OUT_OF_ORDER', 'UNDER_REPAIR'))`;

/** Received on a goods receipt, still in stock, on no installation pending or signed off. */
export const AWAITING_INSTALLATION = sql<SqlBool>`(a.goods_receipt_line_id is not null and a.asset_status = 'IN_STOCK'
  and not exists (select 1 from asset_installation_items ii join asset_installations i on i.id = ii.installation_id
    where ii.asset_id = a.id and i.status <> 'SENT_BACK'))`;

export function attentionCondition(attention: AssetAttention, today: string): RawBuilder<SqlBool> {
  switch (attention) {
    case 'CRITICAL_DOWN':
      return CRITICAL_DOWN;
    case 'UNCOVERED':
      return uncoveredCondition(today);
    case 'AWAITING_INSTALLATION':
      return AWAITING_INSTALLATION;
  }
}
