import { readFileSync } from 'node:fs';
import {
  type CallDefinition,
  type LegacyCallName,
  legacyCalls,
  listFieldNames,
  type MasterListName,
  masterListEnum,
  masterLists,
} from '@branch-assets/legacy-contract';
import {
  buildSchema,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  getNamedType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXPORTABLE_LISTS } from '../exports/lists.ts';

/*
 * The schema is written by hand (SDL first) and the rows are described in the contract: this test
 * keeps them from drifting. Every field of every list's row, by its GraphQL name, is a field (or
 * path) of the row type the list's GraphQL field answers, of a compatible type: text as text, an
 * id, an enum, a date or a status chip; numbers as numbers or ids; flags as flags; a field that
 * may be null upstream nullable here. Fields the gateway keeps to itself are listed with why.
 */

const schema = buildSchema(
  readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8'),
);

/** Each lists call and the Query field that answers it. */
const LIST_FIELDS: Partial<Record<LegacyCallName, string>> = {
  companyLists: 'companies',
  vendorLists: 'vendors',
  branchRecordLists: 'branchRecords',
  staffLists: 'staff',
  menuItemLists: 'menuItems',
  galleryLists: 'gallery',
  purchaseOrderLists: 'purchaseOrders',
  designationLists: 'masterRecords',
  brandLists: 'masterRecords',
  assetCategoryLists: 'masterRecords',
  subCategoryLists: 'masterRecords',
  assetTypeLists: 'masterRecords',
  stateLists: 'masterRecords',
  districtLists: 'masterRecords',
  cityLists: 'masterRecords',
  accessoryTypeLists: 'masterRecords',
  assetLists: 'assets',
  assetLocationLists: 'assetLocations',
  accessoryLists: 'accessories',
  accessoryStock: 'accessoryStock',
  accessoryLedger: 'accessoryLedger',
  goodsReceiptNoteLists: 'goodsReceiptNotes',
  assetInstallationLists: 'assetInstallations',
  assetTransferLists: 'assetTransfers',
  jobOrderLists: 'jobOrders',
  maintenanceContractLists: 'maintenanceContracts',
  assetAuditLists: 'assetAudits',
};

/** Row fields the gateway does not pass on as such, and why. */
const KEPT: Record<string, string> = {
  // The colours of a status the gateway computes from the text (statusChip), for every list.
  ApprovalStatusBgColor: 'chip colour',
  ApprovalStatusTextColor: 'chip colour',
  VerifiedStatusBgColor: 'chip colour',
  VerifiedStatusTextColor: 'chip colour',
  StatusBgColor: 'chip colour',
  StatusTextColor: 'chip colour',
  // A purchase order without a file has a null documentUrl.
  FilePathFlag: 'documentUrl is null without a file',
};

/** A field by its path, and whether a field on the way may be null (so the leaf may be non-null). */
function field(
  type: GraphQLNamedType,
  path: string,
  viaNullable = false,
): { found: GraphQLField<unknown, unknown>; viaNullable: boolean } | undefined {
  const [head = '', ...rest] = path.split('.');
  if (!isObjectType(type)) return undefined;
  const found = type.getFields()[head];
  if (!found) return undefined;
  if (rest.length === 0) return { found, viaNullable };
  return field(getNamedType(found.type), rest.join('.'), viaNullable || !isNonNullType(found.type));
}

/** The base of a zod schema: what kind of value it carries, and whether it may be null. */
function kindOf(schema: z.ZodType): { kind: string; nullable: boolean } {
  const def = schema.def as {
    type: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
  };
  switch (def.type) {
    case 'nullable':
    case 'optional':
      return { kind: kindOf(def.innerType as z.ZodType).kind, nullable: true };
    case 'pipe': {
      // A transform's output is not described: the value is what goes in.
      const out = def.out as z.ZodType;
      return kindOf(out.def.type === 'transform' ? (def.in as z.ZodType) : out);
    }
    case 'union': {
      const options = (schema as z.ZodUnion<z.ZodType[]>).options;
      const values = options.map((option) =>
        option.def.type === 'literal' ? (option as z.ZodLiteral).value : undefined,
      );
      // The legacy 0/1 select is a flag.
      if (values.length === 2 && values.includes(0) && values.includes(1))
        return { kind: 'flag', nullable: false };
      const kinds = new Set(options.map((option) => kindOf(option).kind));
      return { kind: kinds.size === 1 ? ([...kinds][0] ?? 'mixed') : 'mixed', nullable: false };
    }
    case 'literal':
      return { kind: typeof (schema as z.ZodLiteral).value, nullable: false };
    case 'enum':
      return { kind: 'string', nullable: false };
    default:
      return { kind: def.type, nullable: false };
  }
}

const COMPATIBLE: Record<string, readonly string[]> = {
  string: [
    'String',
    'ID',
    'Date',
    'DateTime',
    'Decimal',
    'StatusChip',
    'GalleryKind',
    'AssetStatus',
    'Criticality',
    'AssetCondition',
    'WarrantyState',
    'AccessoryMovementReason',
    'JobType',
    'JobPriority',
    'JobCoverage',
    'ContractType',
  ],
  number: ['Int', 'Float', 'ID', 'Decimal'],
  boolean: ['Boolean'],
  flag: ['Boolean'],
  // A list of assignments, of an accessory's branch minimums, of the asset types it fits (ids),
  // of the steps a job order allows.
  array: ['StaffAssignment', 'AccessoryMinimum', 'ID', 'JobStep'],
  // A percentage is sent as a number or its text.
  mixed: ['Decimal', 'Int'],
};

function compatible(
  type: GraphQLOutputType,
  schemaOf: z.ZodType,
  viaNullable: boolean,
): string | null {
  const { kind, nullable } = kindOf(schemaOf);
  const named = getNamedType(type).name;
  if (!(COMPATIBLE[kind] ?? []).includes(named)) return `${kind} is not ${named}`;
  if (nullable && !viaNullable && isNonNullType(type))
    return `may be null upstream but ${named}! here`;
  return null;
}

describe('the described master lists and the schema', () => {
  it('has a MasterList value and a download for every list of the contract', () => {
    const values = (schema.getType('MasterList') as GraphQLEnumType).getValues().map((v) => v.name);
    const names = Object.keys(masterLists) as MasterListName[];
    expect(values.toSorted()).toEqual(names.map(masterListEnum).toSorted());
    for (const name of names)
      expect(Object.keys(EXPORTABLE_LISTS)).toContain(
        masterLists[name].spec.plural.toLowerCase().replace(/\s+/g, '-'),
      );
  });
});

describe('the described rows and the schema', () => {
  const cases = Object.entries(LIST_FIELDS) as [LegacyCallName, string][];

  it('names every lists call of the contract', () => {
    const listsCalls = (Object.keys(legacyCalls) as LegacyCallName[]).filter((name) => {
      const records = legacyCalls[name].records;
      return records instanceof z.ZodObject && 'TableData' in records.shape;
    });
    // The permission grid is a download only: no list field shows it.
    expect(listsCalls.filter((name) => name !== 'menuPermissionGrid').toSorted()).toEqual(
      cases.map(([name]) => name).toSorted(),
    );
  });

  it.each(cases)(
    '%s: every row field is a field of %s rows, of a compatible type',
    (call, query) => {
      const definition = legacyCalls[call] as CallDefinition<z.ZodType, z.ZodType>;
      const names = listFieldNames(definition);
      const listType = schema.getQueryType()?.getFields()[query]?.type;
      if (!listType) throw new Error(`no Query.${query}`);
      const rowsField = field(getNamedType(listType), 'rows');
      if (!rowsField) throw new Error(`${query} has no rows`);
      const rowType = getNamedType(rowsField.found.type);
      const records = definition.records as z.ZodObject<{ TableData: z.ZodArray<z.ZodObject> }>;
      const shape = records.shape.TableData.element.shape as Record<string, z.ZodType>;
      const problems: string[] = [];
      for (const [legacy, schemaOf] of Object.entries(shape)) {
        if (Object.hasOwn(KEPT, legacy)) continue;
        const graphql = names.toGraphql.get(legacy) ?? legacy;
        const reached = field(rowType, graphql);
        if (!reached) {
          problems.push(`${legacy} → ${rowType.name}.${graphql} is missing`);
          continue;
        }
        const mismatch = compatible(reached.found.type, schemaOf, reached.viaNullable);
        if (mismatch) problems.push(`${legacy} → ${rowType.name}.${graphql}: ${mismatch}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
