import { useMutation, useQuery } from '@apollo/client/react';
import { Button, chakra, Field, Flex, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { PermissionGridQuery as GridData } from '../../gql/graphql.ts';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ListToolbar } from '../../shared/ListToolbar.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { PermissionGridQuery, PermissionPageQuery, SetRoleGrantsMutation } from './documents.ts';
import { type GrantKey, grantKey, isLocked, sameGrants, toGrantInputs } from './grants.ts';

type Grid = GridData['permissionGrid'];

const ACTION_LABELS = {
  list: 'permissions.actions.list',
  create: 'permissions.actions.create',
  edit: 'permissions.actions.edit',
  delete: 'permissions.actions.delete',
  verify: 'permissions.actions.verify',
  approve: 'permissions.actions.approve',
  download: 'permissions.actions.download',
} as const;

const Checkbox = chakra('input');

/**
 * The menu permissions screen: a role's grants as a grid of modules (rows) and actions (columns).
 * Saving sends the whole set; the server checks every rule and the role's users are held to the
 * new grants from their next request.
 */
export function PermissionsPage() {
  const { t } = useTranslation();
  const page = useQuery(PermissionPageQuery, { fetchPolicy: 'network-only' });
  const permitted = page.data?.pageInfo.permitted === true;
  const [roleId, setRoleId] = useState<string | null>(null);
  const grid = useQuery(PermissionGridQuery, {
    variables: { roleId },
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
    skip: !permitted,
  });
  const current = grid.data ?? grid.previousData;

  if (page.error && !page.data)
    return <RouteProblem error={page.error} onRetry={() => void page.refetch()} />;
  if (page.data && !permitted) return <Navigate to="/access-denied" replace />;
  if (grid.error && !current)
    return <RouteProblem error={grid.error} onRetry={() => void grid.refetch()} />;
  if (!page.data || !current) return <LoadingDots label={t('common.loading')} />;

  const data = current.permissionGrid;
  const stored = data.grants.map((grant) => grantKey(grant.module, grant.action)).join('|');
  return (
    <GrantEditor
      // A new role, or new stored grants after a save, start the draft over.
      key={`${data.roleId}|${stored}`}
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      canEdit={page.data.canEdit}
      grid={data}
      loading={grid.loading}
      onRoleChange={setRoleId}
      onSaved={() => void grid.refetch()}
      onRefresh={() => void grid.refetch()}
    />
  );
}

function GrantEditor({
  title,
  description,
  canEdit,
  grid,
  loading,
  onRoleChange,
  onSaved,
  onRefresh,
}: {
  title: string;
  description: string;
  canEdit: boolean;
  grid: Grid;
  loading: boolean;
  onRoleChange: (roleId: string) => void;
  onSaved: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  // Search narrows the rows by module or menu entry; ticks of hidden rows are kept and saved.
  const modules = grid.modules.filter(
    (module) =>
      needle === '' ||
      [module.name, module.code, ...module.menuEntries].some((text) =>
        text.toLowerCase().includes(needle),
      ),
  );
  const stored = new Set(grid.grants.map((grant) => grantKey(grant.module, grant.action)));
  const [draft, setDraft] = useState<ReadonlySet<GrantKey>>(stored);
  const [save, saving] = useMutation(SetRoleGrantsMutation, {
    // The top bar's menu follows the new grants; page permissions are asked for again.
    refetchQueries: ['Menu'],
    update(cache) {
      for (const fieldName of ['pageInfo', 'can', 'masterListPage']) cache.evict({ fieldName });
      cache.gc();
    },
  });
  const role = grid.roles.find((candidate) => candidate.id === grid.roleId);
  const dirty = !sameGrants(stored, draft);
  const actionLabel = (code: string, name: string) =>
    code in ACTION_LABELS ? t(ACTION_LABELS[code as keyof typeof ACTION_LABELS]) : name;

  function toggle(key: GrantKey, on: boolean) {
    setDraft((previous) => {
      const next = new Set(previous);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  async function submit() {
    try {
      const answer = await save({
        variables: { roleId: grid.roleId, grants: toGrantInputs(draft) },
      });
      notifySuccess(answer.data?.setRoleGrants.message ?? '');
      onSaved();
    } catch (failure) {
      notifyError(describeProblem(failure, t).message);
    }
  }

  return (
    <PageCard
      title={title}
      description={description}
      toolbar={
        <>
          {dirty ? (
            <Text fontSize="sm" color="fg.muted" role="status">
              {t('permissions.unsaved')}
            </Text>
          ) : null}
          <ListToolbar onRefresh={onRefresh} refreshing={loading} exportUrl={grid.exportUrl} />
          <Button
            variant="outline"
            size="sm"
            disabled={!dirty || saving.loading}
            onClick={() => setDraft(stored)}
          >
            <RotateCcw aria-hidden />
            {t('permissions.reset')}
          </Button>
          <Button
            colorPalette="brand"
            size="sm"
            disabled={!canEdit || !dirty}
            loading={saving.loading}
            onClick={() => void submit()}
          >
            <Save aria-hidden />
            {t('permissions.save')}
          </Button>
        </>
      }
    >
      <Flex gap="4" wrap="wrap" align="end">
        <Field.Root maxW="sm">
          <Field.Label>{t('permissions.role')}</Field.Label>
          <NativeSelect.Root size="sm" disabled={saving.loading}>
            <NativeSelect.Field
              value={grid.roleId}
              onChange={(event) => onRoleChange(event.target.value)}
            >
              {grid.roles.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Input
          type="search"
          size="sm"
          maxW="xs"
          aria-label={t('common.search')}
          placeholder={t('common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Flex>
      {canEdit ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('permissions.readOnly')}
        </Text>
      )}
      {role?.code === 'admin' ? (
        <Text fontSize="sm" color="fg.muted">
          {t('permissions.adminKeeps')}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" interactive aria-busy={loading}>
          <Table.Caption captionSide="top" textAlign="start" color="fg.muted" py="2">
            {t('permissions.caption', { role: role?.name ?? '' })}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('permissions.module')}</Table.ColumnHeader>
              {grid.actions.map((action) => (
                <Table.ColumnHeader key={action.code} scope="col" textAlign="center">
                  {actionLabel(action.code, action.name)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader scope="col">{t('permissions.menu')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {modules.map((module) => (
              <Table.Row key={module.code}>
                <Table.Cell as="th" scope="row" fontWeight="medium" whiteSpace="nowrap">
                  {module.name}
                </Table.Cell>
                {grid.actions.map((action) => {
                  const key = grantKey(module.code, action.code);
                  const locked = role ? isLocked(role.code, module.code, action.code) : false;
                  return (
                    <Table.Cell key={action.code} textAlign="center">
                      <Checkbox
                        type="checkbox"
                        width="4"
                        height="4"
                        cursor="pointer"
                        accentColor="brand.solid"
                        aria-label={`${module.name}: ${actionLabel(action.code, action.name)}`}
                        checked={draft.has(key)}
                        disabled={!canEdit || locked || saving.loading}
                        onChange={(event) => toggle(key, event.target.checked)}
                      />
                    </Table.Cell>
                  );
                })}
                <Table.Cell fontSize="sm">
                  <MenuEntries
                    entries={module.menuEntries}
                    shown={draft.has(grantKey(module.code, 'list'))}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </PageCard>
  );
}

/** Which menu entries of a module the role sees: those of a module it may list (legacy menus). */
function MenuEntries({ entries, shown }: { entries: readonly string[]; shown: boolean }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return shown ? (
    <Text>{entries.join(', ')}</Text>
  ) : (
    <Text color="fg.muted">
      <Text as="s">{entries.join(', ')}</Text> ({t('permissions.notInMenu')})
    </Text>
  );
}
