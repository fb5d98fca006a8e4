import {
  type CallInput,
  graphqlName,
  type LegacyCallName,
  legacyCalls,
  type MasterListName,
  masterListEnum,
  masterListModule,
  masterLists,
} from '@branch-assets/legacy-contract';
import { AppError } from '../../errors/codes.ts';
import { exportUrl, isExportableList, masterExportName } from '../../exports/lists.ts';
import type { MasterList, MasterRecordInput, Resolvers } from '../../generated/resolvers.ts';
import type { GraphQLContext } from '../context.ts';
import { numericId } from '../ids.ts';
import type { MasterRecordModel } from '../models.ts';
import { exportQuery, type ListAnswer, pageOf, pagingFields, pagingRefusal } from '../paging.ts';
import { permitted } from '../permitted.ts';
import { activeChip, activeStatus } from './records.ts';
import { pageInWords } from './session.ts';

/**
 * The simple master lists, all through one set of resolvers: each list's calls, field names and
 * grant module come from its description in packages/legacy-contract (`masterLists`); its value of
 * the MasterList enum is its registry name in capitals (a test compares them with the schema), and
 * its download is named by masterExportName.
 */
const LISTS = Object.fromEntries(
  (Object.keys(masterLists) as MasterListName[]).map((name) => [
    masterListEnum(name),
    { name, module: masterListModule(name), exportName: masterExportName(name) },
  ]),
) as Record<MasterList, { name: MasterListName; module: string; exportName: string }>;

const KIND_BY_NAME = Object.fromEntries(
  Object.entries(LISTS).map(([kind, list]) => [list.name, kind as MasterList]),
) as Record<MasterListName, MasterList>;

type Action = 'Lists' | 'Show' | 'Store' | 'Update' | 'Destroy' | 'Options';

/**
 * One master-list call. The call's name is built from the list and the action, so TypeScript
 * cannot pair it with its input type; the contract's request schema checks the input here instead
 * (a wrong one is the caller's input, BAD_USER_INPUT), and the client checks the answer as always.
 */
async function masterCall(
  context: GraphQLContext,
  list: MasterListName,
  action: Action,
  input: Record<string, unknown>,
): Promise<{ output: string; records: unknown }> {
  const name = `${list}${action}` as LegacyCallName;
  const parsed = legacyCalls[name].request.safeParse({ UserInterface: 1, ...input });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_USER_INPUT', `${issue?.path.join('.') ?? 'input'} ${issue?.message}`);
  }
  const send = parsed.data as CallInput<typeof name>;
  const readOnly = action === 'Lists' || action === 'Show' || action === 'Options';
  return readOnly ? context.read(name, send) : context.write(name, send);
}

function fieldsOf(list: MasterListName) {
  return masterLists[list].fields;
}

function parentInput(list: MasterListName, parentId: string | null | undefined) {
  const parent = fieldsOf(list).parent;
  return parent && parentId ? { [parent.key]: numericId(parentId, 'parentId') } : {};
}

function asRow(value: unknown): Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== 'object') throw new AppError('INTERNAL_SERVER_ERROR');
  return value as Readonly<Record<string, unknown>>;
}

function idText(value: unknown): string | null {
  return typeof value === 'number' ? String(value) : null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * A list's own fields (an asset type's TaxRate) from the input fields of their GraphQL names
 * (taxRate); the contract checks them.
 */
function extraInput(list: MasterListName, input: MasterRecordInput): Record<string, unknown> {
  const given: Readonly<Record<string, unknown>> = input;
  return Object.fromEntries(
    fieldsOf(list).extra.map((legacy) => [legacy, given[graphqlName(legacy)] ?? undefined]),
  );
}

/**
 * A record: its row, and its list's own fields under their GraphQL names, which the schema's
 * default resolvers read (taxRate, unit, …; null on the lists without them).
 */
function record(list: MasterListName, value: unknown): MasterRecordModel {
  const row = asRow(value);
  const extras = fieldsOf(list).extra.map((legacy) => [graphqlName(legacy), row[legacy] ?? null]);
  return { list, row, ...Object.fromEntries(extras) };
}

export const masterListResolvers: Resolvers = {
  Query: {
    masterListPage: async (_parent, { list }, { read, texts }) =>
      pageInWords(
        (await read('pageInfo', { UserInterface: 1, Module: LISTS[list].module, Action: 'list' }))
          .records,
        texts,
        LISTS[list].module,
        'list',
      ),
    masterRecords: async (_parent, { list, parentId, grandparentId, ...args }, context) => {
      const { name } = LISTS[list];
      const paging = pagingFields(`${name}Lists`, args);
      const grandparent = fieldsOf(name).grandparent;
      const { records } = await masterCall(context, name, 'Lists', {
        ...parentInput(name, parentId),
        ...(grandparent && grandparentId
          ? { [grandparent.key]: numericId(grandparentId, 'grandparentId') }
          : {}),
        ...paging,
      }).catch((error: unknown) => {
        throw pagingRefusal(error, args);
      });
      // Checked against the list's contract schema by the client: a list payload of its rows.
      const page = pageOf(
        `${name}Lists`,
        records as ListAnswer<Readonly<Record<string, unknown>>>,
        paging,
        context.texts,
      );
      return {
        ...page,
        list: name,
        parentId: parentId ?? null,
        exportQuery: {
          ...(parentId ? { parentId } : {}),
          ...(grandparentId ? { grandparentId } : {}),
          ...exportQuery(args),
        },
      };
    },
    masterOptions: async (_parent, { list, parentId }, context) => {
      const { name } = LISTS[list];
      const { records } = await masterCall(context, name, 'Options', parentInput(name, parentId));
      return records as { value: number | string; text: string }[];
    },
  },
  Mutation: {
    saveMasterRecord: async (_parent, { input }, context) => {
      const { name } = LISTS[input.list];
      const fields = fieldsOf(name);
      if (fields.parent && !input.parentId)
        throw new AppError('BAD_USER_INPUT', `${fields.parent.title} is required.`);
      const body: Record<string, unknown> = {
        [fields.name]: input.name,
        ...parentInput(name, input.parentId),
        ...extraInput(name, input),
        ...activeStatus(input.active),
      };
      const action = input.id ? 'Update' : 'Store';
      if (input.id) body[fields.key] = numericId(input.id, 'id');
      const { output, records } = await masterCall(context, name, action, body);
      return { message: output, record: record(name, records) };
    },
    deleteMasterRecord: async (_parent, { list, id }, context) => {
      const { name } = LISTS[list];
      const { output } = await masterCall(context, name, 'Destroy', {
        [fieldsOf(name).key]: numericId(id, 'id'),
      });
      return { message: output };
    },
  },
  MasterRecordList: {
    rows: ({ list, rows }) => rows.map((row) => record(list, row)),
    headers: ({ headers }) => headers,
    options: ({ options }) => options,
    totalCount: ({ totalCount }) => totalCount,
    page: ({ page }) => page,
    pageSize: ({ pageSize }) => pageSize,
    nameField: () => 'name',
    parentField: ({ list }) => (fieldsOf(list).parent ? 'parentName' : null),
    canCreate: ({ list }, _args, context) =>
      permitted(context, LISTS[KIND_BY_NAME[list]].module, 'create'),
    exportUrl: ({ list, options, exportQuery }) => {
      const exportName = LISTS[KIND_BY_NAME[list]].exportName;
      if (!options.DownloadFlag || !isExportableList(exportName)) return null;
      return exportUrl(exportName, exportQuery);
    },
  },
  MasterRecord: {
    id: ({ list, row }) => idText(row[fieldsOf(list).id]) ?? '',
    list: ({ list }) => KIND_BY_NAME[list],
    name: ({ list, row }) => textOf(row[fieldsOf(list).name]) ?? '',
    parentId: ({ list, row }) => {
      const parent = fieldsOf(list).parent;
      return parent ? idText(row[parent.id]) : null;
    },
    parentName: ({ list, row }) => {
      const parent = fieldsOf(list).parent;
      return parent ? textOf(row[parent.name]) : null;
    },
    active: ({ row }) => row.ActiveStatus === 1,
    status: ({ row }, _args, { texts }) =>
      activeChip(texts, row.ActiveStatus, textOf(row.ActiveStatusTxt) ?? ''),
    canEdit: ({ row }) => row.EditFlag === true,
    canDelete: ({ row }) => row.DeleteFlag === true,
  },
  MasterRecordResult: {
    message: (result) => result.message,
    record: (result) => result.record,
  },
};
