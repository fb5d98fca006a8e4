import { Link, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AssetStatus } from '../../gql/graphql.ts';
import { AssetStatusChip } from './chips.tsx';

/** What every workflow knows of an asset it holds. */
export interface AssetLine {
  id: string;
  tag: string;
  name: string;
  serialNumber?: string | null;
  assetStatus: AssetStatus;
}

/** A column a workflow adds of its own (where the asset stands, its outcome). */
export interface AssetColumn<Asset> {
  header: string;
  cell: (asset: Asset) => ReactNode;
  nowrap?: boolean;
  /** Figures (a cost) stand at the cell's end. */
  end?: boolean;
}

/**
 * The assets of one installation, transfer, job order or contract: the tag (a link to the asset's
 * page), name, serial number (unless `serialNumbers` is false) and status, with the record's own
 * columns before the status (`before`) or after it (`after`). With a `label` the table is a named
 * group that takes the focus, so a keyboard can scroll a long one.
 */
export function AssetsTable<Asset extends AssetLine>({
  assets,
  before = [],
  after = [],
  serialNumbers = true,
  label,
}: {
  assets: readonly Asset[];
  before?: readonly AssetColumn<Asset>[];
  after?: readonly AssetColumn<Asset>[];
  serialNumbers?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const status: AssetColumn<Asset> = {
    header: t('assets.assetStatus'),
    cell: (asset) => <AssetStatusChip status={asset.assetStatus} t={t} />,
  };
  const columns = [...before, status, ...after];
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      {...(label ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('assets.tag')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('assets.name')}</Table.ColumnHeader>
            {serialNumbers ? (
              <Table.ColumnHeader>{t('assets.serialNumber')}</Table.ColumnHeader>
            ) : null}
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} {...(column.end ? { textAlign: 'end' } : {})}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {assets.map((asset) => (
            <Table.Row key={asset.id}>
              <Table.Cell whiteSpace="nowrap">
                <Link asChild>
                  <RouterLink to={`/asset/view?id=${asset.id}`}>{asset.tag}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>{asset.name}</Table.Cell>
              {serialNumbers ? <Table.Cell>{asset.serialNumber ?? '—'}</Table.Cell> : null}
              {columns.map((column) => (
                <Table.Cell
                  key={column.header}
                  {...(column.nowrap ? { whiteSpace: 'nowrap' } : {})}
                  {...(column.end ? { textAlign: 'end' } : {})}
                >
                  {column.cell(asset)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
