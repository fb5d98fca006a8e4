import type { Criticality } from '@branch-assets/domain';

/*
 * The demo's asset register, as data: the rooms of each branch by its size, what stands in each
 * room before the product (the opening balances), what each asset type is to a hospital
 * (criticality, useful life, warranty, where a new one goes, who holds it), the kind of goods each
 * vendor sells, and the texts of status changes. seed/demo/assets.ts makes the demo's assets from
 * it; SEED_SCALE (seed/scale-sql.ts) the assets of its orders.
 */

/** How much of a hospital a branch is: the rooms it has and how many of everything stand there. */
export type BranchSize = 'large' | 'medium' | 'small';

export const BRANCH_SIZES: Readonly<Record<string, BranchSize>> = {
  'CHN-HO': 'large',
  'CHN-ANN': 'large',
  'CHN-VEL': 'medium',
  'CBE-RSP': 'medium',
  'MDU-KKN': 'medium',
  'TRY-CNT': 'small',
  'BLR-JAY': 'large',
  'BLR-WHF': 'medium',
  'MYS-VVM': 'small',
  'COK-EDP': 'medium',
  'TVM-PTM': 'medium',
  'HYD-BHL': 'large',
};

/** How many years before the product each branch opened: its oldest equipment is that old. */
export const BRANCH_OPENED_YEARS_AGO: Readonly<Record<string, number>> = {
  'CHN-HO': 8,
  'CHN-ANN': 7.5,
  'CHN-VEL': 5,
  'CBE-RSP': 6.5,
  'MDU-KKN': 6,
  'TRY-CNT': 3,
  'BLR-JAY': 7,
  'BLR-WHF': 4,
  'MYS-VVM': 2.5,
  'COK-EDP': 5.5,
  'TVM-PTM': 4.5,
  'HYD-BHL': 6,
};

/** How many of a type stand in a room of a large, medium and small branch. */
type Counts = readonly [large: number, medium: number, small: number];

export interface DemoRoom {
  name: string;
  /** The branch sizes that have the room. */
  sizes: readonly BranchSize[];
  /** What stands there: asset type, counts by size, and the brands it may be (all when absent). */
  fitOut: readonly (readonly [type: string, counts: Counts, brands?: readonly string[]])[];
}

const ALL: readonly BranchSize[] = ['large', 'medium', 'small'];
const HOSPITAL: readonly BranchSize[] = ['large', 'medium'];

/** Where received goods wait to be installed, and the spares. */
export const STORE = 'Store';

export const ROOMS: readonly DemoRoom[] = [
  {
    name: 'ICU',
    sizes: HOSPITAL,
    fitOut: [
      ['Hospital Bed', [10, 6, 0], ['Godrej Interio']],
      ['Multipara Monitor', [10, 6, 0]],
      ['Ventilator', [5, 3, 0]],
      ['Infusion Pump', [10, 6, 0]],
      ['Syringe Pump', [12, 7, 0]],
      ['Defibrillator', [2, 1, 0]],
      ['ECG Machine', [1, 1, 0]],
      ['Suction Apparatus', [3, 2, 0]],
      ['Split Air Conditioner', [4, 2, 0]],
      ['Online UPS', [2, 1, 0]],
      ['Desktop Computer', [2, 1, 0]],
    ],
  },
  {
    name: 'OT-1',
    sizes: HOSPITAL,
    fitOut: [
      ['Operating Table', [1, 1, 0]],
      ['Surgical Light', [1, 1, 0]],
      ['Anaesthesia Workstation', [1, 1, 0]],
      ['Multipara Monitor', [1, 1, 0]],
      ['Defibrillator', [1, 1, 0]],
      ['Electrosurgical Unit', [1, 1, 0]],
      ['Syringe Pump', [2, 2, 0]],
      ['Infusion Pump', [1, 1, 0]],
      ['Suction Apparatus', [2, 1, 0]],
      // A medium branch has no CSSD: its OT sterilises its own instruments.
      ['Autoclave', [0, 1, 0]],
      ['Split Air Conditioner', [2, 2, 0]],
      ['Online UPS', [1, 1, 0]],
    ],
  },
  {
    name: 'OT-2',
    sizes: ['large'],
    fitOut: [
      ['Operating Table', [1, 0, 0]],
      ['Surgical Light', [1, 0, 0]],
      ['Anaesthesia Workstation', [1, 0, 0]],
      ['Multipara Monitor', [1, 0, 0]],
      ['Electrosurgical Unit', [1, 0, 0]],
      ['Syringe Pump', [2, 0, 0]],
      ['Suction Apparatus', [1, 0, 0]],
      ['Split Air Conditioner', [2, 0, 0]],
      ['Online UPS', [1, 0, 0]],
    ],
  },
  {
    name: 'CSSD',
    sizes: ['large'],
    fitOut: [
      ['Autoclave', [2, 0, 0]],
      ['Desktop Computer', [1, 0, 0]],
      ['Split Air Conditioner', [1, 0, 0]],
    ],
  },
  {
    name: 'Radiology',
    sizes: ALL,
    fitOut: [
      ['Digital X-Ray System', [2, 1, 1]],
      ['Ultrasound Scanner', [2, 1, 1]],
      ['Desktop Computer', [3, 2, 1]],
      ['Laser Printer', [1, 1, 1]],
      ['Split Air Conditioner', [3, 2, 2]],
      ['Online UPS', [2, 1, 1]],
      ['Wheelchair', [2, 1, 0]],
    ],
  },
  {
    name: 'Emergency',
    sizes: ALL,
    fitOut: [
      ['Hospital Bed', [6, 4, 2], ['Paramount', 'Midmark']],
      ['Multipara Monitor', [4, 2, 1]],
      ['Ventilator', [1, 1, 0]],
      ['Defibrillator', [1, 1, 1]],
      ['ECG Machine', [1, 1, 1]],
      ['Infusion Pump', [3, 2, 1]],
      ['Syringe Pump', [2, 1, 0]],
      ['Suction Apparatus', [2, 1, 1]],
      ['Stretcher Trolley', [3, 2, 1]],
      ['Wheelchair', [3, 2, 1]],
      ['Split Air Conditioner', [2, 2, 1]],
      ['Desktop Computer', [2, 1, 1]],
    ],
  },
  {
    name: 'Wards',
    sizes: HOSPITAL,
    fitOut: [
      ['Hospital Bed', [24, 14, 0], ['Paramount', 'Midmark']],
      ['Multipara Monitor', [4, 2, 0]],
      ['Infusion Pump', [6, 4, 0]],
      ['Syringe Pump', [2, 1, 0]],
      ['ECG Machine', [1, 1, 0]],
      ['Suction Apparatus', [2, 1, 0]],
      ['Wheelchair', [3, 2, 0]],
      ['Stretcher Trolley', [2, 1, 0]],
      ['Split Air Conditioner', [6, 4, 0]],
      ['Desktop Computer', [2, 1, 0]],
      ['Steel Almirah', [3, 2, 0]],
    ],
  },
  {
    name: 'Day care',
    sizes: ['small'],
    fitOut: [
      ['Hospital Bed', [0, 0, 6], ['Paramount', 'Midmark']],
      ['Multipara Monitor', [0, 0, 2]],
      ['Infusion Pump', [0, 0, 3]],
      ['Syringe Pump', [0, 0, 1]],
      ['Split Air Conditioner', [0, 0, 2]],
      ['Desktop Computer', [0, 0, 1]],
    ],
  },
  {
    name: 'Laboratory',
    sizes: ALL,
    fitOut: [
      ['Biochemistry Analyser', [2, 1, 1]],
      ['Haematology Analyser', [1, 1, 1]],
      ['Centrifuge', [3, 2, 1]],
      ['Medical Refrigerator', [2, 1, 1]],
      ['Desktop Computer', [3, 2, 1]],
      ['Laser Printer', [1, 1, 1]],
      ['Split Air Conditioner', [2, 2, 1]],
      ['Online UPS', [1, 1, 1]],
    ],
  },
  {
    name: 'Pharmacy',
    sizes: ALL,
    fitOut: [
      ['Medical Refrigerator', [2, 1, 1]],
      ['Desktop Computer', [3, 2, 1]],
      ['Laser Printer', [1, 1, 1]],
      ['Split Air Conditioner', [2, 1, 1]],
      ['Steel Almirah', [5, 3, 2]],
      ['Office Chair', [3, 2, 1]],
    ],
  },
  {
    name: 'Front office',
    sizes: ALL,
    fitOut: [
      ['Desktop Computer', [6, 4, 2]],
      ['Laptop', [2, 1, 1]],
      ['Laser Printer', [2, 2, 1]],
      ['Office Chair', [10, 6, 4]],
      ['Split Air Conditioner', [3, 2, 1]],
      ['Wheelchair', [2, 2, 1]],
      ['Steel Almirah', [2, 1, 1]],
    ],
  },
  {
    name: STORE,
    sizes: ALL,
    fitOut: [
      ['Steel Almirah', [5, 3, 2]],
      ['Desktop Computer', [1, 1, 1]],
      ['Office Chair', [2, 1, 1]],
    ],
  },
  {
    name: 'Server room',
    sizes: ALL,
    fitOut: [
      ['Server', [2, 1, 1]],
      ['Network Switch', [5, 3, 2]],
      ['Online UPS', [2, 1, 1]],
      ['Split Air Conditioner', [2, 1, 1]],
    ],
  },
  {
    name: 'Plant room',
    sizes: ALL,
    fitOut: [
      ['Diesel Generator', [2, 1, 1]],
      ['Online UPS', [1, 1, 0]],
    ],
  },
];

/** The head office's own room: the group's administration. */
export const HEAD_OFFICE = 'CHN-HO';
export const ADMINISTRATION: DemoRoom = {
  name: 'Administration',
  sizes: ['large'],
  fitOut: [
    ['Desktop Computer', [12, 0, 0]],
    ['Laptop', [10, 0, 0]],
    ['Laser Printer', [3, 0, 0]],
    ['Office Chair', [24, 0, 0]],
    ['Split Air Conditioner', [4, 0, 0]],
    ['Steel Almirah', [5, 0, 0]],
  ],
};

/** Spares kept in the store of every branch, In stock: counts by size. */
export const SPARES: readonly (readonly [type: string, counts: Counts])[] = [
  ['Multipara Monitor', [2, 1, 0]],
  ['Infusion Pump', [2, 1, 1]],
  ['Desktop Computer', [2, 1, 1]],
  ['Office Chair', [4, 2, 1]],
];

/** Who usually holds an asset of a type: its user, the branch's biomedical engineer, or nobody. */
export type CustodianRule = 'user' | 'engineer' | 'desk' | null;

export interface RegisterFacts {
  criticality: Criticality;
  /** The criticality in an ICU, an OT or the server room, where a failure stops care. */
  criticalRoom?: Criticality;
  usefulLifeYears: number;
  /** Warranty in whole years, from..to (0: sold without one). */
  warrantyYears: readonly [number, number];
  /** Where a newly bought one goes, by preference: the first of these the branch has. */
  rooms: readonly string[];
  custodian: CustodianRule;
  /** Days from delivery to installation. */
  installDays: readonly [number, number];
  /** Whether the maker puts a serial number on it (office furniture has none). */
  serialNumbered: boolean;
}

const MEDICAL_INSTALL = [3, 21] as const;
const QUICK_INSTALL = [1, 7] as const;

/** Every asset type of the demo's catalogue (ASSET_TYPES and UNORDERED_ASSET_TYPES), by name. */
export const REGISTER_FACTS: Readonly<Record<string, RegisterFacts>> = {
  'Ultrasound Scanner': {
    criticality: 'MEDIUM',
    usefulLifeYears: 8,
    warrantyYears: [2, 5],
    rooms: ['Radiology'],
    custodian: 'engineer',
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  'Digital X-Ray System': {
    criticality: 'MEDIUM',
    usefulLifeYears: 10,
    warrantyYears: [2, 5],
    rooms: ['Radiology'],
    custodian: 'engineer',
    installDays: [10, 30],
    serialNumbered: true,
  },
  'Multipara Monitor': {
    criticality: 'HIGH',
    usefulLifeYears: 7,
    warrantyYears: [1, 3],
    rooms: ['ICU', 'Emergency', 'Wards', 'Day care'],
    custodian: 'engineer',
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  'ECG Machine': {
    criticality: 'MEDIUM',
    usefulLifeYears: 7,
    warrantyYears: [1, 2],
    rooms: ['Emergency', 'Wards', 'ICU'],
    custodian: 'engineer',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Biochemistry Analyser': {
    criticality: 'MEDIUM',
    usefulLifeYears: 8,
    warrantyYears: [1, 3],
    rooms: ['Laboratory'],
    custodian: 'engineer',
    installDays: [7, 25],
    serialNumbered: true,
  },
  Centrifuge: {
    criticality: 'LOW',
    usefulLifeYears: 10,
    warrantyYears: [1, 2],
    rooms: ['Laboratory'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Desktop Computer': {
    criticality: 'LOW',
    usefulLifeYears: 5,
    warrantyYears: [3, 3],
    rooms: ['Front office', 'Administration', 'Pharmacy', 'Laboratory', 'Wards', 'Radiology'],
    custodian: 'desk',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  Laptop: {
    criticality: 'LOW',
    usefulLifeYears: 4,
    warrantyYears: [1, 3],
    rooms: ['Administration', 'Front office'],
    custodian: 'user',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Laser Printer': {
    criticality: 'LOW',
    usefulLifeYears: 5,
    warrantyYears: [1, 1],
    rooms: ['Front office', 'Administration', 'Pharmacy', 'Laboratory'],
    custodian: 'desk',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Network Switch': {
    criticality: 'MEDIUM',
    usefulLifeYears: 6,
    warrantyYears: [3, 5],
    rooms: ['Server room'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Online UPS': {
    criticality: 'MEDIUM',
    criticalRoom: 'HIGH',
    usefulLifeYears: 7,
    warrantyYears: [2, 3],
    rooms: ['Server room', 'ICU', 'Radiology', 'Laboratory', 'Plant room'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Diesel Generator': {
    criticality: 'HIGH',
    usefulLifeYears: 15,
    warrantyYears: [1, 2],
    rooms: ['Plant room'],
    custodian: null,
    installDays: [10, 30],
    serialNumbered: true,
  },
  'Split Air Conditioner': {
    criticality: 'LOW',
    criticalRoom: 'MEDIUM',
    usefulLifeYears: 10,
    warrantyYears: [1, 5],
    rooms: ['Wards', 'Front office', 'Pharmacy', 'Laboratory', 'Radiology', 'Emergency', 'ICU'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Hospital Bed': {
    criticality: 'LOW',
    criticalRoom: 'MEDIUM',
    usefulLifeYears: 10,
    warrantyYears: [1, 2],
    rooms: ['Wards', 'Day care', 'Emergency'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Office Chair': {
    criticality: 'LOW',
    usefulLifeYears: 7,
    warrantyYears: [0, 3],
    rooms: ['Front office', 'Administration', 'Pharmacy', 'Laboratory', 'Radiology', 'Wards'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: false,
  },
  'Steel Almirah': {
    criticality: 'LOW',
    usefulLifeYears: 15,
    warrantyYears: [0, 1],
    rooms: ['Store', 'Pharmacy', 'Wards', 'Administration'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: false,
  },
  Ventilator: {
    criticality: 'HIGH',
    usefulLifeYears: 10,
    warrantyYears: [2, 5],
    rooms: ['ICU', 'Emergency'],
    custodian: 'engineer',
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  Defibrillator: {
    criticality: 'HIGH',
    usefulLifeYears: 8,
    warrantyYears: [2, 3],
    rooms: ['Emergency', 'ICU', 'OT-1'],
    custodian: 'engineer',
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  'Suction Apparatus': {
    criticality: 'HIGH',
    usefulLifeYears: 7,
    warrantyYears: [1, 1],
    rooms: ['ICU', 'Emergency', 'Wards'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Infusion Pump': {
    criticality: 'HIGH',
    usefulLifeYears: 7,
    warrantyYears: [1, 2],
    rooms: ['ICU', 'Wards', 'Emergency', 'Day care'],
    custodian: 'engineer',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Syringe Pump': {
    criticality: 'HIGH',
    usefulLifeYears: 7,
    warrantyYears: [1, 2],
    rooms: ['ICU', 'OT-1', 'Emergency'],
    custodian: 'engineer',
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  'Anaesthesia Workstation': {
    criticality: 'HIGH',
    usefulLifeYears: 10,
    warrantyYears: [2, 5],
    rooms: ['OT-1', 'OT-2'],
    custodian: 'engineer',
    installDays: [10, 30],
    serialNumbered: true,
  },
  'Operating Table': {
    criticality: 'MEDIUM',
    usefulLifeYears: 15,
    warrantyYears: [1, 3],
    rooms: ['OT-1', 'OT-2'],
    custodian: null,
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  'Surgical Light': {
    criticality: 'MEDIUM',
    usefulLifeYears: 10,
    warrantyYears: [1, 3],
    rooms: ['OT-1', 'OT-2'],
    custodian: null,
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  'Electrosurgical Unit': {
    criticality: 'MEDIUM',
    criticalRoom: 'HIGH',
    usefulLifeYears: 8,
    warrantyYears: [1, 2],
    rooms: ['OT-1', 'OT-2'],
    custodian: 'engineer',
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
  Autoclave: {
    criticality: 'MEDIUM',
    usefulLifeYears: 12,
    warrantyYears: [1, 2],
    rooms: ['CSSD', 'OT-1'],
    custodian: null,
    installDays: [7, 25],
    serialNumbered: true,
  },
  'Haematology Analyser': {
    criticality: 'MEDIUM',
    usefulLifeYears: 8,
    warrantyYears: [1, 3],
    rooms: ['Laboratory'],
    custodian: 'engineer',
    installDays: [7, 25],
    serialNumbered: true,
  },
  'Medical Refrigerator': {
    criticality: 'MEDIUM',
    usefulLifeYears: 10,
    warrantyYears: [1, 2],
    rooms: ['Pharmacy', 'Laboratory', 'ICU'],
    custodian: null,
    installDays: QUICK_INSTALL,
    serialNumbered: true,
  },
  Wheelchair: {
    criticality: 'LOW',
    usefulLifeYears: 5,
    warrantyYears: [0, 1],
    rooms: ['Front office', 'Emergency', 'Wards'],
    custodian: null,
    installDays: [1, 3],
    serialNumbered: true,
  },
  'Stretcher Trolley': {
    criticality: 'LOW',
    usefulLifeYears: 8,
    warrantyYears: [0, 1],
    rooms: ['Emergency', 'Wards'],
    custodian: null,
    installDays: [1, 3],
    serialNumbered: true,
  },
  Server: {
    criticality: 'HIGH',
    usefulLifeYears: 6,
    warrantyYears: [3, 5],
    rooms: ['Server room'],
    custodian: null,
    installDays: MEDICAL_INSTALL,
    serialNumbered: true,
  },
};

/** The rooms where a failure stops care: criticalRoom applies there. */
export const CRITICAL_ROOMS: ReadonlySet<string> = new Set(['ICU', 'OT-1', 'OT-2', 'Server room']);

/** What a vendor sells, by the category of an asset type. */
export type SupplyKind = 'medical' | 'it' | 'electrical' | 'furniture';

export const CATEGORY_SUPPLY: Readonly<Record<string, SupplyKind>> = {
  'Medical Equipment': 'medical',
  'IT Equipment': 'it',
  Electrical: 'electrical',
  Furniture: 'furniture',
};

export const VENDOR_SUPPLY: Readonly<Record<string, SupplyKind>> = {
  'Sri Balaji Surgicals': 'medical',
  'Medline Equipments India Pvt Ltd': 'medical',
  'Chennai Computers & Peripherals': 'it',
  'Cauvery Electricals': 'electrical',
  'Kongu Furniture Works': 'furniture',
  'Vaigai Biomedical Services': 'medical',
  'Tanjore Air Conditioning Co': 'electrical',
  'Bharat Diagnostics Systems Pvt Ltd': 'medical',
  'Deccan IT Solutions': 'it',
  'Nandi Power Systems': 'electrical',
  'Mysore Hospital Furniture': 'furniture',
  'Malabar Medical Agencies': 'medical',
  'Kerala Hospital Supplies': 'medical',
  'Periyar Electro Cooling': 'electrical',
  'Golconda Medi Devices Pvt Ltd': 'medical',
  'Cyberabad Systems': 'it',
  'Krishna Medical Distributors': 'medical',
  'Sahyadri Biomedicals Pvt Ltd': 'medical',
  'Mumbai Imaging Solutions Pvt Ltd': 'medical',
  'Western Office Systems': 'it',
  'Capital Lab Instruments': 'medical',
  'Indraprastha Electricals': 'electrical',
  'Sabarmati Steel Furniture': 'furniture',
  'Bengal Medical Gases': 'medical',
  'Hooghly Power Backup Systems': 'electrical',
};

/**
 * How a brand writes its serial numbers: `A` a capital letter, `9` a digit, `X` either, `YY` the
 * year of manufacture; anything else as written. Never a hyphen: SEED_SCALE's serials have one,
 * so the two never meet. A brand not listed writes its initials, the year and six digits.
 */
export const SERIAL_PATTERNS: Readonly<Record<string, string>> = {
  Dell: 'XXXXXXX',
  HP: 'CND9XXXXXX',
  Lenovo: 'PFXXXXXX',
  Cisco: 'FOC99XXXXXX',
  'D-Link': 'SYYAA9999999',
  'TP-Link': '22YY9999999',
  Canon: 'AAAA999999',
  Brother: 'E7YY9AA99999',
  Philips: 'DE99999999',
  'GE Healthcare': 'SYY9999999AA',
  Mindray: 'AAYY999999',
  'Siemens Healthineers': '99999',
  'Samsung Medison': 'S9999YY99999A',
  APC: 'AS99YY999999',
  Eaton: 'GYY99A9999',
  Dräger: 'ASAA9999',
  'B. Braun': '999999',
};

/** Why an asset was marked Out of order. */
export const OUT_OF_ORDER_REASONS = [
  'Does not power on; reported by the ward sister.',
  'Display flickers and goes blank intermittently.',
  'Battery does not hold charge; runs only on mains.',
  'Error code on start-up; vendor engineer informed.',
  'Compressor not cooling; technician visit requested.',
  'Alarm fails self-test.',
  'Paper feed jammed; roller worn out.',
  'Motor noise and vibration; stopped for safety.',
] as const;

/** Why an asset out of order went for repair, or was condemned. */
export const UNDER_REPAIR_REASONS = [
  'Sent to the vendor’s service centre; job sheet received.',
  'Board replacement ordered; vendor engineer on site.',
] as const;
export const CONDEMNED_REASONS = [
  'Beyond economical repair: condemned by the condemnation committee.',
  'Spares no longer available from the manufacturer; condemned.',
] as const;

/** Occasional notes on an opening balance. */
export const ASSET_NOTES = [
  'Preventive maintenance every quarter by the vendor.',
  'Under CMC with the vendor after the warranty.',
  'Shifted from another room during the 2024 renovation.',
  'Battery replaced last year.',
  'Accessories kept in the store.',
  'Calibrated yearly; certificate with the biomedical engineer.',
] as const;
