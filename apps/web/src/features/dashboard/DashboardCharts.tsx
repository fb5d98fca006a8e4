import { formatRupees } from '@branch-assets/domain';
import { Chart, useChart } from '@chakra-ui/charts';
import {
  Box,
  ColorSwatch,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AssetStatus, DashboardQuery } from '../../gql/graphql.ts';
import { useLocale } from '../../shared/useLocale.ts';
import { compactRupees, rupeesOf } from './rupees.ts';

/*
 * The dashboard's four charts (Chakra's charts over recharts), a chunk of their own that the
 * page loads after its tiles. Each is a figure: a heading, the picture as one image named by a
 * summary of its figures, and the same figures as a table for screen readers (docs/reports.md).
 */

type Dashboard = DashboardQuery['dashboard'];

const STATUS_COLOURS: Record<AssetStatus, string> = {
  IN_STOCK: 'orange.solid',
  IN_USE: 'green.solid',
  UNDER_REPAIR: 'yellow.solid',
  OUT_OF_ORDER: 'red.solid',
  IN_TRANSIT: 'blue.solid',
  CONDEMNED: 'gray.solid',
  DISPOSED: 'gray.emphasized',
};

const count = (value: number) => value.toLocaleString('en-IN');
/** A number of rupees (a chart's value) exact, as '₹12,34,567.80'. */
const exact = (rupees: number) => formatRupees(Math.round(rupees * 100));

interface Column {
  label: string;
  numeric?: boolean;
}

/** A chart with its heading, its summary for assistive technology and its figures as a table. */
function ChartFigure({
  title,
  summary,
  columns,
  rows,
  empty,
  children,
}: {
  title: string;
  summary: string;
  columns: readonly Column[];
  rows: readonly (readonly string[])[];
  /** Said instead of the chart when there is nothing to draw. */
  empty: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${useId()}-title`;
  return (
    <Stack as="figure" gap="2" borderWidth="1px" borderRadius="md" padding="4" aria-labelledby={id}>
      <Heading as="h2" size="sm" id={id}>
        {title}
      </Heading>
      {empty !== null ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <>
          <Box role="img" aria-label={t('dashboard.chartSummary', { title, list: summary })}>
            {children}
          </Box>
          <VisuallyHidden>
            <Table.Root>
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {columns.map((column) => (
                    <Table.ColumnHeader key={column.label}>{column.label}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row[0]}>
                    {row.map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells by column
                      <Table.Cell key={index}>{cell}</Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </VisuallyHidden>
        </>
      )}
    </Stack>
  );
}

const CHART_BOX = { height: '64', aspectRatio: 'auto' } as const;
const FILL = { width: '100%', height: '100%' } as const;

function CategoryChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const data = dashboard.assetsByCategory.map((row) => ({
    name: row.categoryName,
    count: row.count,
  }));
  const chart = useChart({
    data,
    series: [{ name: 'count', color: 'teal.solid', label: t('dashboard.assets') }],
  });
  const title = t('dashboard.byCategory');
  return (
    <ChartFigure
      title={title}
      summary={data.map((row) => `${row.name} ${count(row.count)}`).join(', ')}
      columns={[{ label: t('dashboard.category') }, { label: t('dashboard.assets') }]}
      rows={data.map((row) => [row.name, count(row.count)])}
      empty={data.length === 0 ? t('dashboard.noAssets') : null}
    >
      <Chart.Root chart={chart} {...CHART_BOX}>
        <BarChart data={chart.data} responsive style={FILL} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey={chart.key('name')} tickLine={false} interval={0} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip />} />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              dataKey={chart.key(item.name)}
              fill={chart.color(item.color)}
              isAnimationActive={false}
              radius={[4, 4, 0, 0]}
            />
          ))}
        </BarChart>
      </Chart.Root>
    </ChartFigure>
  );
}

function StatusChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const data = dashboard.assetsByStatus
    .filter((row) => row.count > 0)
    .map((row) => ({
      name: t(`assets.statuses.${row.status}`),
      count: row.count,
      color: STATUS_COLOURS[row.status],
    }));
  const chart = useChart({ data });
  const title = t('dashboard.byStatus');
  return (
    <ChartFigure
      title={title}
      summary={data.map((row) => `${row.name} ${count(row.count)}`).join(', ')}
      columns={[{ label: t('dashboard.status') }, { label: t('dashboard.assets') }]}
      rows={data.map((row) => [row.name, count(row.count)])}
      empty={data.length === 0 ? t('dashboard.noAssets') : null}
    >
      <Chart.Root chart={chart} {...CHART_BOX}>
        <PieChart responsive style={FILL} accessibilityLayer={false}>
          <Tooltip content={<Chart.Tooltip hideLabel />} />
          <Pie
            data={chart.data}
            dataKey={chart.key('count')}
            nameKey="name"
            innerRadius="55%"
            outerRadius="85%"
            isAnimationActive={false}
          >
            {chart.data.map((row) => (
              <Cell key={row.name} fill={chart.color(row.color)} />
            ))}
          </Pie>
        </PieChart>
      </Chart.Root>
      <HStack as="ul" aria-hidden gap="3" wrap="wrap" listStyleType="none" fontSize="sm">
        {data.map((row) => (
          <HStack as="li" key={row.name} gap="1.5">
            <ColorSwatch value={chart.color(row.color)} boxSize="3" />
            <span>
              {row.name} ({count(row.count)})
            </span>
          </HStack>
        ))}
      </HStack>
    </ChartFigure>
  );
}

function SpendChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const units = { lakh: t('dashboard.lakh'), crore: t('dashboard.crore') };
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
    [locale],
  );
  const data = dashboard.spendByMonth.map((row) => ({
    month: monthName.format(new Date(`${row.month}-01T00:00:00Z`)),
    amount: rupeesOf(row.amount),
    orders: row.orders,
  }));
  const chart = useChart({
    data,
    series: [{ name: 'amount', color: 'purple.solid', label: t('dashboard.amount') }],
  });
  const title = t('dashboard.spendByMonth', { year: dashboard.financialYear });
  const spent = data.filter((row) => row.amount > 0);
  return (
    <ChartFigure
      title={title}
      summary={spent.map((row) => `${row.month} ${exact(row.amount)}`).join(', ')}
      columns={[
        { label: t('dashboard.month') },
        { label: t('dashboard.orders') },
        { label: t('dashboard.amount') },
      ]}
      rows={data.map((row) => [row.month, count(row.orders), exact(row.amount)])}
      empty={spent.length === 0 ? t('dashboard.noSpend') : null}
    >
      <Chart.Root chart={chart} {...CHART_BOX}>
        <BarChart data={chart.data} responsive style={FILL} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey={chart.key('month')} tickLine={false} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={80}
            tickFormatter={(value: number) => compactRupees(value, units)}
          />
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            content={<Chart.Tooltip formatter={(value: number) => exact(value)} />}
          />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              dataKey={chart.key(item.name)}
              fill={chart.color(item.color)}
              isAnimationActive={false}
              radius={[4, 4, 0, 0]}
            />
          ))}
        </BarChart>
      </Chart.Root>
    </ChartFigure>
  );
}

function JobsChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = useMemo(
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', timeZone: 'UTC' }),
    [locale],
  );
  const data = dashboard.jobsByWeek.map((row) => ({
    week: day.format(new Date(`${row.weekStart}T00:00:00Z`)),
    opened: row.opened,
    closed: row.closed,
  }));
  const chart = useChart({
    data,
    series: [
      { name: 'opened', color: 'orange.solid', label: t('dashboard.opened') },
      { name: 'closed', color: 'blue.solid', label: t('dashboard.closed') },
    ],
  });
  const title = t('dashboard.jobsByWeek');
  const busy = data.filter((row) => row.opened + row.closed > 0);
  return (
    <ChartFigure
      title={title}
      summary={busy
        .map(
          (row) =>
            `${row.week}: ${t('dashboard.opened')} ${row.opened}, ${t('dashboard.closed')} ${row.closed}`,
        )
        .join('; ')}
      columns={[
        { label: t('dashboard.weekOf') },
        { label: t('dashboard.opened') },
        { label: t('dashboard.closed') },
      ]}
      rows={data.map((row) => [row.week, count(row.opened), count(row.closed)])}
      empty={busy.length === 0 ? t('dashboard.noJobs') : null}
    >
      <Chart.Root chart={chart} {...CHART_BOX}>
        <LineChart data={chart.data} responsive style={FILL} accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey={chart.key('week')} tickLine={false} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
          <Tooltip content={<Chart.Tooltip />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((item) => (
            <Line
              key={item.name}
              type="monotone"
              dataKey={chart.key(item.name)}
              stroke={chart.color(item.color)}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </Chart.Root>
    </ChartFigure>
  );
}

/**
 * The charts the user's role has figures for: assets by category and by status (the asset
 * register), purchase spend by month (purchase orders), job orders by week (job orders).
 */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const assets = dashboard.tiles.assetsTotal !== null;
  const spend = dashboard.spendByMonth.length > 0;
  const jobs = dashboard.jobsByWeek.length > 0;
  if (!assets && !spend && !jobs) return null;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      {assets ? <CategoryChart dashboard={dashboard} /> : null}
      {assets ? <StatusChart dashboard={dashboard} /> : null}
      {spend ? <SpendChart dashboard={dashboard} /> : null}
      {jobs ? <JobsChart dashboard={dashboard} /> : null}
    </SimpleGrid>
  );
}
