import { type Kysely, sql } from 'kysely';

/*
 * Depreciation classes (docs/reports.md, "Branch asset report and the fixed asset register"):
 * each sub-category names the class its assets depreciate in — the Schedule II useful life they
 * take by default and the Income Tax block they join (DEPRECIATION_CLASSES in
 * packages/domain/src/depreciation.ts) — and the indexes the branch asset report and the fixed
 * asset register read by date.
 *
 * The codes are written out here, not imported: a migration is the schema as it was on the day it
 * ran. A test (0022-depreciation-classes.test.ts) holds them equal to DEPRECIATION_CLASS_CODES.
 */
export const DEPRECIATION_CLASS_CODES_0022 = [
  'medicalEquipment',
  'lifeSavingMedicalEquipment',
  'computers',
  'serversAndNetworks',
  'furnitureAndFittings',
  'plantAndMachinery',
  'electricalInstallations',
  'motorVehicles',
] as const;

export type DepreciationClassCode = (typeof DEPRECIATION_CLASS_CODES_0022)[number];

/**
 * How the existing sub-categories were classed, by their and their category's names (compared
 * case-insensitively, spaces at the ends ignored); the first rule that matches wins, else plant
 * and machinery:
 *   sub-category 'Critical Care' of category 'Medical Equipment' → life-saving medical equipment
 *     (Appendix I's 40 % block: ventilators, defibrillators, monitors of the ICU);
 *   category 'Medical Equipment'                                 → medical equipment;
 *   sub-category 'Computers' or 'Printers'                       → computers (end-user devices);
 *   sub-category 'Networking'                                    → servers and networks;
 *   category 'Furniture'                                         → furniture and fittings;
 *   sub-category 'Power Backup' or 'Air Conditioning'            → electrical installations.
 * The demo catalogue (seed/demo/catalogue.ts) classes its new sub-categories with the same rules,
 * through depreciationClassByNames, so that the two never disagree.
 */
const RULES: readonly {
  category?: string;
  subCategories?: readonly string[];
  depreciationClass: DepreciationClassCode;
}[] = [
  {
    category: 'medical equipment',
    subCategories: ['critical care'],
    depreciationClass: 'lifeSavingMedicalEquipment',
  },
  { category: 'medical equipment', depreciationClass: 'medicalEquipment' },
  { subCategories: ['computers', 'printers'], depreciationClass: 'computers' },
  { subCategories: ['networking'], depreciationClass: 'serversAndNetworks' },
  { category: 'furniture', depreciationClass: 'furnitureAndFittings' },
  {
    subCategories: ['power backup', 'air conditioning'],
    depreciationClass: 'electricalInstallations',
  },
];

const DEFAULT_CLASS: DepreciationClassCode = 'plantAndMachinery';

const folded = (name: string) => name.trim().toLowerCase();

/** The class of a sub-category by its category's name and its own (the rules above). */
export function depreciationClassByNames(
  categoryName: string,
  subCategoryName: string,
): DepreciationClassCode {
  const category = folded(categoryName);
  const sub = folded(subCategoryName);
  const rule = RULES.find(
    (candidate) =>
      (candidate.category === undefined || candidate.category === category) &&
      (candidate.subCategories === undefined || candidate.subCategories.includes(sub)),
  );
  return rule?.depreciationClass ?? DEFAULT_CLASS;
}

/** The same rules as one SQL case over `c.name` (the category) and `s.name` (the sub-category). */
function classCaseSql(): string {
  const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const whens = RULES.map((rule) => {
    const conditions = [
      ...(rule.category === undefined ? [] : [`lower(btrim(c.name)) = ${text(rule.category)}`]),
      ...(rule.subCategories === undefined
        ? []
        : [`lower(btrim(s.name)) in (${rule.subCategories.map(text).join(', ')})`]),
    ];
    return `when ${conditions.join(' and ')} then ${text(rule.depreciationClass)}`;
  });
  return `case ${whens.join(' ')} else ${text(DEFAULT_CLASS)} end`;
}

const codes = DEPRECIATION_CLASS_CODES_0022.map((code) => `'${code}'`).join(', ');

const statements = [
  `alter table sub_categories add column depreciation_class text not null default '${DEFAULT_CLASS}'
    check (depreciation_class in (${codes}))`,
  `update sub_categories s set depreciation_class = ${classCaseSql()}
    from categories c where c.id = s.category_id`,
  // The register and the movement read assets from their acquisition or put-to-use date (the
  // fixed asset register: put to use by a year's end), disposals by their day, and transfers by
  // the day they were received; partial where most rows have no date yet.
  'create index assets_put_to_use on assets (branch_id, put_to_use_date) where put_to_use_date is not null',
  'create index asset_disposals_disposed_on on asset_disposals (disposed_on) where disposed_on is not null',
  `create index asset_transfer_items_received on asset_transfer_items (received_at, asset_id)
    where received_at is not null`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the schema as it was, not on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
