/*
 * The demo company: a healthcare group with clinics and diagnostic centres in four southern
 * states, buying medical, IT, electrical and furniture equipment. Names, places and numbers are
 * invented but shaped like the real thing (GST state codes, PIN codes, PAN and GSTIN formats).
 */

export const COMPANY = {
  name: 'Sundaram Healthcare',
  legalName: 'Sundaram Healthcare Services Private Limited',
  pan: 'AAKCS4821M',
  address: 'No. 14, Cathedral Road, Gopalapuram, Chennai 600086',
  /** The terms and conditions every new purchase order starts with. */
  purchaseTerms: [
    '1. Quote this PO number on the invoice, the delivery challan and all correspondence.',
    '2. Deliver to the stores of the branch named on the order, Monday to Saturday, 9 am to 5 pm.',
    '3. Medical equipment is installed and demonstrated at the branch free of charge; the warranty runs from installation.',
    '4. Goods not matching the order or damaged in transit will be rejected and returned at the vendor’s cost.',
    '5. Payment by NEFT within 30 days of receipt of goods and a correct tax invoice, unless agreed otherwise on the order.',
    '6. The invoice must show our GSTIN, the HSN code and the GST rate of each item.',
    '7. Disputes are subject to Chennai jurisdiction.',
  ].join('\n'),
  /** The company claims input tax credit: GST is not part of an asset's cost. */
  gstInAssetCost: false,
};

export interface DemoBranch {
  code: string;
  name: string;
  address: string;
  stateCode: string;
  district: string;
  city: string;
  pincode: string;
  phone: string;
}

export const BRANCHES: readonly DemoBranch[] = [
  {
    code: 'CHN-HO',
    name: 'Chennai Head Office',
    address: 'No. 14, Cathedral Road, Gopalapuram',
    stateCode: '33',
    district: 'Chennai',
    city: 'Chennai',
    pincode: '600086',
    phone: '044 2811 4500',
  },
  {
    code: 'CHN-ANN',
    name: 'Chennai Anna Nagar',
    address: 'AF-41, 2nd Avenue, Anna Nagar',
    stateCode: '33',
    district: 'Chennai',
    city: 'Chennai',
    pincode: '600040',
    phone: '044 2626 3810',
  },
  {
    code: 'CHN-VEL',
    name: 'Chennai Velachery',
    address: '112, Velachery Main Road',
    stateCode: '33',
    district: 'Chennai',
    city: 'Chennai',
    pincode: '600042',
    phone: '044 2243 9120',
  },
  {
    code: 'CBE-RSP',
    name: 'Coimbatore R.S. Puram',
    address: '36, D.B. Road, R.S. Puram',
    stateCode: '33',
    district: 'Coimbatore',
    city: 'Coimbatore',
    pincode: '641002',
    phone: '0422 254 1190',
  },
  {
    code: 'MDU-KKN',
    name: 'Madurai K.K. Nagar',
    address: '8, 80 Feet Road, K.K. Nagar',
    stateCode: '33',
    district: 'Madurai',
    city: 'Madurai',
    pincode: '625020',
    phone: '0452 258 7741',
  },
  {
    code: 'TRY-CNT',
    name: 'Tiruchirappalli Cantonment',
    address: '21, Williams Road, Cantonment',
    stateCode: '33',
    district: 'Tiruchirappalli',
    city: 'Tiruchirappalli',
    pincode: '620001',
    phone: '0431 241 6602',
  },
  {
    code: 'BLR-JAY',
    name: 'Bengaluru Jayanagar',
    address: '45, 11th Main, 4th Block, Jayanagar',
    stateCode: '29',
    district: 'Bengaluru Urban',
    city: 'Bengaluru',
    pincode: '560011',
    phone: '080 2663 5120',
  },
  {
    code: 'BLR-WHF',
    name: 'Bengaluru Whitefield',
    address: '7, ITPL Main Road, Whitefield',
    stateCode: '29',
    district: 'Bengaluru Urban',
    city: 'Bengaluru',
    pincode: '560066',
    phone: '080 2841 0935',
  },
  {
    code: 'MYS-VVM',
    name: 'Mysuru V.V. Mohalla',
    address: '1012, Kalidasa Road, V.V. Mohalla',
    stateCode: '29',
    district: 'Mysuru',
    city: 'Mysuru',
    pincode: '570002',
    phone: '0821 241 8830',
  },
  {
    code: 'COK-EDP',
    name: 'Kochi Edappally',
    address: 'NH 66 Bypass, Edappally',
    stateCode: '32',
    district: 'Ernakulam',
    city: 'Kochi',
    pincode: '682024',
    phone: '0484 280 6410',
  },
  {
    code: 'TVM-PTM',
    name: 'Thiruvananthapuram Pattom',
    address: 'TC 4/1520, Pattom Palace Road',
    stateCode: '32',
    district: 'Thiruvananthapuram',
    city: 'Thiruvananthapuram',
    pincode: '695004',
    phone: '0471 255 3307',
  },
  {
    code: 'HYD-BHL',
    name: 'Hyderabad Banjara Hills',
    address: 'Plot 88, Road No. 12, Banjara Hills',
    stateCode: '36',
    district: 'Hyderabad',
    city: 'Hyderabad',
    pincode: '500034',
    phone: '040 2335 7719',
  },
];

export const DESIGNATIONS = [
  'Administrator',
  'Branch Manager',
  'Biomedical Engineer',
  'Store Keeper',
  'Accounts Executive',
  'Purchase Officer',
  'Regional Head',
  'Internal Auditor',
] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** Four staff at every branch, named as people in that state are. */
export const STAFF_BY_BRANCH: Record<string, readonly [string, string, string, string]> = {
  'CHN-HO': ['Senthil Kumar', 'Divya Krishnan', 'Murugan Pandian', 'Anitha Selvam'],
  'CHN-ANN': ['Vignesh Ramasamy', 'Meena Sundaram', 'Saravanan Natarajan', 'Deepa Rajendran'],
  'CHN-VEL': ['Balaji Venkatesan', 'Revathi Chandrasekar', 'Arun Prakash', 'Sangeetha Murali'],
  'CBE-RSP': ['Ganesh Mani', 'Nithya Balasubramanian', 'Prakash Elango', 'Gayathri Ramanathan'],
  'MDU-KKN': ['Dinesh Kannan', 'Shanthi Gopal', 'Hariharan Sekar', 'Uma Maheswari'],
  'TRY-CNT': ['Karthik Subramanian', 'Jayanthi Raman', 'Sathish Kumar', 'Bhuvana Shankar'],
  'BLR-JAY': ['Manjunath Gowda', 'Shwetha Hegde', 'Raghavendra Rao', 'Pooja Shetty'],
  'BLR-WHF': ['Naveen Kumar', 'Sowmya Bhat', 'Kiran Kulkarni', 'Anusha Nayak'],
  'MYS-VVM': ['Prashanth Urs', 'Kavya Murthy', 'Girish Kamath', 'Rekha Devaraj'],
  'COK-EDP': ['Anjali Nair', 'Vishnu Pillai', 'Reshma Thomas', 'Jithin Varghese'],
  'TVM-PTM': ['Sreeja Kurup', 'Rahul Krishnan', 'Aswathy Menon', 'Nikhil Chandran'],
  'HYD-BHL': ['Srikanth Varma', 'Sravani Rao', 'Venkatesh Goud', 'Lavanya Chowdary'],
};
export const BRANCH_STAFF_DESIGNATIONS: readonly Designation[] = [
  'Branch Manager',
  'Biomedical Engineer',
  'Store Keeper',
  'Accounts Executive',
];

/** The demo logins (password Demo@1234), and the branches each works in. */
export interface DemoUser {
  username: string;
  name: string;
  role: 'admin' | 'verifier' | 'approver' | 'manager' | 'viewer';
  designation: Designation;
  homeBranch: string;
  branches: readonly string[] | 'all';
  /** null: the user has not chosen one yet, so the branch chooser opens at first login. */
  primaryBranch: string | null;
}

const TAMIL_NADU_AND_KERALA = [
  'CHN-HO',
  'CHN-ANN',
  'CHN-VEL',
  'CBE-RSP',
  'MDU-KKN',
  'TRY-CNT',
  'COK-EDP',
  'TVM-PTM',
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    name: 'Ramesh Iyer',
    role: 'admin',
    designation: 'Administrator',
    homeBranch: 'CHN-HO',
    branches: 'all',
    primaryBranch: 'CHN-HO',
  },
  {
    username: 'verifier',
    name: 'Lakshmi Narayanan',
    role: 'verifier',
    designation: 'Purchase Officer',
    homeBranch: 'CHN-HO',
    branches: TAMIL_NADU_AND_KERALA,
    primaryBranch: 'CHN-ANN',
  },
  {
    username: 'approver',
    name: 'Suresh Menon',
    role: 'approver',
    designation: 'Regional Head',
    homeBranch: 'COK-EDP',
    branches: 'all',
    primaryBranch: 'CHN-HO',
  },
  {
    username: 'manager',
    name: 'Priya Raghavan',
    role: 'manager',
    designation: 'Branch Manager',
    homeBranch: 'CHN-ANN',
    branches: ['CHN-ANN', 'CHN-VEL'],
    primaryBranch: 'CHN-ANN',
  },
  {
    username: 'viewer',
    name: 'Arjun Reddy',
    role: 'viewer',
    designation: 'Internal Auditor',
    homeBranch: 'HYD-BHL',
    branches: ['HYD-BHL', 'BLR-JAY', 'BLR-WHF', 'MYS-VVM', 'CHN-HO'],
    primaryBranch: 'HYD-BHL',
  },
  {
    username: 'kavitha',
    name: 'Kavitha Subramaniam',
    role: 'manager',
    designation: 'Store Keeper',
    homeBranch: 'CBE-RSP',
    branches: ['CBE-RSP', 'MDU-KKN', 'TRY-CNT'],
    primaryBranch: null,
  },
];
export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoVendor {
  name: string;
  stateCode: string;
  address: string;
  contactPerson: string;
  phone: string;
  /** The fourth letter of a PAN tells the holder's kind: C company, F firm, P person. */
  holder: 'C' | 'F' | 'P';
}

export const VENDORS: readonly DemoVendor[] = [
  {
    name: 'Sri Balaji Surgicals',
    stateCode: '33',
    address: '22, Mint Street, Sowcarpet, Chennai 600079',
    contactPerson: 'R. Balaji',
    phone: '98400 11223',
    holder: 'F',
  },
  {
    name: 'Medline Equipments India Pvt Ltd',
    stateCode: '33',
    address: '5, Guindy Industrial Estate, Chennai 600032',
    contactPerson: 'Sunil Thomas',
    phone: '98410 55120',
    holder: 'C',
  },
  {
    name: 'Chennai Computers & Peripherals',
    stateCode: '33',
    address: '118, Ritchie Street, Chennai 600002',
    contactPerson: 'Abdul Rahman',
    phone: '98401 77345',
    holder: 'F',
  },
  {
    name: 'Cauvery Electricals',
    stateCode: '33',
    address: '41, Cross Cut Road, Gandhipuram, Coimbatore 641012',
    contactPerson: 'K. Sivakumar',
    phone: '94431 20876',
    holder: 'F',
  },
  {
    name: 'Kongu Furniture Works',
    stateCode: '33',
    address: 'SF 210, Avinashi Road, Coimbatore 641014',
    contactPerson: 'P. Natarajan',
    phone: '94432 66410',
    holder: 'P',
  },
  {
    name: 'Vaigai Biomedical Services',
    stateCode: '33',
    address: '16, Bypass Road, Madurai 625016',
    contactPerson: 'S. Muthukumar',
    phone: '94437 19082',
    holder: 'F',
  },
  {
    name: 'Tanjore Air Conditioning Co',
    stateCode: '33',
    address: '9, Salai Road, Thillai Nagar, Tiruchirappalli 620018',
    contactPerson: 'V. Anand',
    phone: '94434 55210',
    holder: 'F',
  },
  {
    name: 'Bharat Diagnostics Systems Pvt Ltd',
    stateCode: '29',
    address: '88, Peenya Industrial Area, Bengaluru 560058',
    contactPerson: 'Rajesh Shenoy',
    phone: '98450 32211',
    holder: 'C',
  },
  {
    name: 'Deccan IT Solutions',
    stateCode: '29',
    address: '12, SP Road, Bengaluru 560002',
    contactPerson: 'Mohammed Irfan',
    phone: '98452 67403',
    holder: 'F',
  },
  {
    name: 'Nandi Power Systems',
    stateCode: '29',
    address: '3, Bommasandra Industrial Area, Bengaluru 560099',
    contactPerson: 'H. Nagaraj',
    phone: '98453 11876',
    holder: 'C',
  },
  {
    name: 'Mysore Hospital Furniture',
    stateCode: '29',
    address: '27, Hebbal Industrial Area, Mysuru 570016',
    contactPerson: 'Shivakumar B.',
    phone: '98455 90214',
    holder: 'P',
  },
  {
    name: 'Malabar Medical Agencies',
    stateCode: '32',
    address: 'Banerji Road, Ernakulam North, Kochi 682018',
    contactPerson: 'Shaji Mathew',
    phone: '94470 23345',
    holder: 'F',
  },
  {
    name: 'Kerala Hospital Supplies',
    stateCode: '32',
    address: 'MG Road, Statue, Thiruvananthapuram 695001',
    contactPerson: 'Biju Kumar',
    phone: '94471 88102',
    holder: 'F',
  },
  {
    name: 'Periyar Electro Cooling',
    stateCode: '32',
    address: 'Kaloor, Kochi 682017',
    contactPerson: 'Anoop Joseph',
    phone: '94472 40918',
    holder: 'F',
  },
  {
    name: 'Golconda Medi Devices Pvt Ltd',
    stateCode: '36',
    address: 'IDA Balanagar, Hyderabad 500037',
    contactPerson: 'K. Srinivas',
    phone: '98490 15632',
    holder: 'C',
  },
  {
    name: 'Cyberabad Systems',
    stateCode: '36',
    address: 'Chenoy Trade Centre, Secunderabad 500003',
    contactPerson: 'Imran Khan',
    phone: '98491 27780',
    holder: 'F',
  },
  {
    name: 'Krishna Medical Distributors',
    stateCode: '37',
    address: 'Eluru Road, Vijayawada 520002',
    contactPerson: 'P. Ravi Teja',
    phone: '98480 44517',
    holder: 'F',
  },
  {
    name: 'Sahyadri Biomedicals Pvt Ltd',
    stateCode: '27',
    address: 'MIDC Bhosari, Pune 411026',
    contactPerson: 'Amol Deshpande',
    phone: '98220 31456',
    holder: 'C',
  },
  {
    name: 'Mumbai Imaging Solutions Pvt Ltd',
    stateCode: '27',
    address: 'Andheri Kurla Road, Mumbai 400059',
    contactPerson: 'Farhan Shaikh',
    phone: '98200 65241',
    holder: 'C',
  },
  {
    name: 'Western Office Systems',
    stateCode: '27',
    address: 'Lamington Road, Mumbai 400007',
    contactPerson: 'Nitin Mehta',
    phone: '98201 77390',
    holder: 'F',
  },
  {
    name: 'Capital Lab Instruments',
    stateCode: '07',
    address: 'Okhla Industrial Area Phase II, New Delhi 110020',
    contactPerson: 'Rohit Malhotra',
    phone: '98110 48273',
    holder: 'C',
  },
  {
    name: 'Indraprastha Electricals',
    stateCode: '07',
    address: 'Bhagirath Palace, Chandni Chowk, Delhi 110006',
    contactPerson: 'Sanjay Gupta',
    phone: '98111 20954',
    holder: 'F',
  },
  {
    name: 'Sabarmati Steel Furniture',
    stateCode: '24',
    address: 'GIDC Naroda, Ahmedabad 382330',
    contactPerson: 'Hitesh Patel',
    phone: '98250 36712',
    holder: 'F',
  },
  {
    name: 'Bengal Medical Gases',
    stateCode: '19',
    address: 'Taratala Industrial Estate, Kolkata 700088',
    contactPerson: 'Subrata Ghosh',
    phone: '98300 58421',
    holder: 'C',
  },
  {
    name: 'Hooghly Power Backup Systems',
    stateCode: '19',
    address: 'Salt Lake Sector V, Kolkata 700091',
    contactPerson: 'Arindam Sen',
    phone: '98301 66930',
    holder: 'F',
  },
];

/**
 * A local supplier below the GST threshold: no GSTIN (an unregistered supplier charges no GST and
 * gives no input credit), a proprietor's PAN. Added after VENDORS, outside the lists the rest of
 * the demo draws its vendors from, so that those draws are what they were.
 */
export const UNREGISTERED_VENDOR = {
  name: 'Sri Murugan Furniture Mart',
  stateCode: '33',
  pan: 'BKRPM4172D',
  address: '58, Cross Cut Road, Gandhipuram, Coimbatore 641012',
  contactPerson: 'M. Murugesan',
  phone: '94433 61729',
} as const;

export interface DemoAssetType {
  category: string;
  subCategory: string;
  type: string;
  taxRate: number;
  brands: readonly string[];
  models: readonly string[];
  /** Unit price range in whole rupees. */
  price: readonly [number, number];
  maxQuantity: number;
}

export const ASSET_TYPES: readonly DemoAssetType[] = [
  {
    category: 'Medical Equipment',
    subCategory: 'Diagnostic Imaging',
    type: 'Ultrasound Scanner',
    taxRate: 12,
    brands: ['GE Healthcare', 'Philips', 'Samsung Medison'],
    models: ['Voluson E8', 'EPIQ 5', 'HS40'],
    price: [950000, 2800000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Diagnostic Imaging',
    type: 'Digital X-Ray System',
    taxRate: 12,
    brands: ['Siemens Healthineers', 'Allengers', 'Fujifilm'],
    models: ['Multix Fusion', 'MARS 40', 'FDR Smart X'],
    price: [1800000, 4500000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Patient Monitoring',
    type: 'Multipara Monitor',
    taxRate: 12,
    brands: ['Philips', 'Mindray', 'BPL Medical'],
    models: ['IntelliVue MX450', 'ePM 12', 'Excello'],
    price: [85000, 320000],
    maxQuantity: 4,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Patient Monitoring',
    type: 'ECG Machine',
    taxRate: 12,
    brands: ['BPL Medical', 'Schiller', 'GE Healthcare'],
    models: ['Cardiart 9108', 'Cardiovit AT-102', 'MAC 2000'],
    price: [45000, 210000],
    maxQuantity: 3,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Laboratory',
    type: 'Biochemistry Analyser',
    taxRate: 12,
    brands: ['Erba Mannheim', 'Roche', 'Mindray'],
    models: ['XL 200', 'Cobas c 111', 'BS-240'],
    price: [420000, 1650000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Laboratory',
    type: 'Centrifuge',
    taxRate: 12,
    brands: ['Remi', 'Eppendorf'],
    models: ['R-8C', '5702'],
    price: [28000, 145000],
    maxQuantity: 2,
  },
  {
    category: 'IT Equipment',
    subCategory: 'Computers',
    type: 'Desktop Computer',
    taxRate: 18,
    brands: ['Dell', 'HP', 'Lenovo'],
    models: ['OptiPlex 7010', 'ProDesk 400 G9', 'ThinkCentre M70s'],
    price: [48000, 78000],
    maxQuantity: 10,
  },
  {
    category: 'IT Equipment',
    subCategory: 'Computers',
    type: 'Laptop',
    taxRate: 18,
    brands: ['Dell', 'HP', 'Lenovo'],
    models: ['Latitude 5440', 'ProBook 450 G10', 'ThinkPad E14'],
    price: [62000, 98000],
    maxQuantity: 6,
  },
  {
    category: 'IT Equipment',
    subCategory: 'Printers',
    type: 'Laser Printer',
    taxRate: 18,
    brands: ['HP', 'Canon', 'Brother'],
    models: ['LaserJet Pro M404dn', 'imageCLASS LBP2900B', 'HL-L5100DN'],
    price: [12500, 38000],
    maxQuantity: 4,
  },
  {
    category: 'IT Equipment',
    subCategory: 'Networking',
    type: 'Network Switch',
    taxRate: 18,
    brands: ['Cisco', 'D-Link', 'TP-Link'],
    models: ['CBS250-24T', 'DGS-1210-28', 'TL-SG3428'],
    price: [9500, 68000],
    maxQuantity: 3,
  },
  {
    category: 'Electrical',
    subCategory: 'Power Backup',
    type: 'Online UPS',
    taxRate: 18,
    brands: ['APC', 'Eaton', 'Luminous'],
    models: ['SRV 10kVA', '9SX 6kVA', 'LD5000'],
    price: [38000, 260000],
    maxQuantity: 2,
  },
  {
    category: 'Electrical',
    subCategory: 'Power Backup',
    type: 'Diesel Generator',
    taxRate: 28,
    brands: ['Kirloskar', 'Mahindra Powerol', 'Cummins'],
    models: ['62.5 kVA', '40 kVA', '82.5 kVA'],
    price: [520000, 1150000],
    maxQuantity: 1,
  },
  {
    category: 'Electrical',
    subCategory: 'Air Conditioning',
    type: 'Split Air Conditioner',
    taxRate: 28,
    brands: ['Blue Star', 'Voltas', 'Daikin'],
    models: ['1.5 Ton 5 Star', '2 Ton 3 Star', '1.5 Ton Inverter'],
    price: [38000, 72000],
    maxQuantity: 6,
  },
  {
    category: 'Furniture',
    subCategory: 'Hospital Furniture',
    type: 'Hospital Bed',
    taxRate: 12,
    brands: ['Godrej Interio', 'Paramount', 'Midmark'],
    models: ['ICU Electric 5 Function', 'Semi Fowler', 'Fowler Manual'],
    price: [32000, 185000],
    maxQuantity: 8,
  },
  {
    category: 'Furniture',
    subCategory: 'Office Furniture',
    type: 'Office Chair',
    taxRate: 18,
    brands: ['Featherlite', 'Godrej Interio', 'Wipro Furniture'],
    models: ['Optima Mid Back', 'Motion Chair', 'Adapt'],
    price: [6500, 18500],
    maxQuantity: 20,
  },
  {
    category: 'Furniture',
    subCategory: 'Office Furniture',
    type: 'Steel Almirah',
    taxRate: 18,
    brands: ['Godrej Interio', 'Sabarmati Steel'],
    models: ['Storwel Plus', '4 Shelf 78 inch'],
    price: [14000, 26000],
    maxQuantity: 6,
  },
];

/**
 * Asset types the group owns that the demo's orders do not buy: the demo's orders draw from
 * ASSET_TYPES alone (seed/demo/purchase-orders.ts, SEED_SCALE), so these move no order. Their
 * assets are opening balances, bought before the product (seed/demo/assets.ts).
 */
export const UNORDERED_ASSET_TYPES: readonly DemoAssetType[] = [
  {
    category: 'Medical Equipment',
    subCategory: 'Critical Care',
    type: 'Ventilator',
    taxRate: 12,
    brands: ['Dräger', 'Hamilton Medical', 'Mindray'],
    models: ['Savina 300', 'Hamilton-C3', 'SV300'],
    price: [650000, 1850000],
    maxQuantity: 2,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Critical Care',
    type: 'Defibrillator',
    taxRate: 12,
    brands: ['Philips', 'Zoll', 'BPL Medical'],
    models: ['HeartStart XL+', 'R Series', 'DF 2617 R'],
    price: [180000, 650000],
    maxQuantity: 2,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Critical Care',
    type: 'Suction Apparatus',
    taxRate: 12,
    brands: ['Niscomed', 'Allied Healthcare'],
    models: ['SU-300', 'Gomco 4005'],
    price: [9500, 48000],
    maxQuantity: 4,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Infusion Therapy',
    type: 'Infusion Pump',
    taxRate: 12,
    brands: ['B. Braun', 'BPL Medical', 'Mindray'],
    models: ['Infusomat Space', 'Acura V', 'BeneFusion VP5'],
    price: [38000, 125000],
    maxQuantity: 6,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Infusion Therapy',
    type: 'Syringe Pump',
    taxRate: 12,
    brands: ['B. Braun', 'Smiths Medical', 'Mindray'],
    models: ['Perfusor Space', 'Medfusion 3500', 'BeneFusion SP5'],
    price: [28000, 98000],
    maxQuantity: 6,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Operation Theatre',
    type: 'Anaesthesia Workstation',
    taxRate: 12,
    brands: ['GE Healthcare', 'Dräger', 'Mindray'],
    models: ['Carestation 620', 'Fabius plus XL', 'WATO EX-65 Pro'],
    price: [950000, 2600000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Operation Theatre',
    type: 'Operating Table',
    taxRate: 12,
    brands: ['Getinge', 'Mindray', 'Confident'],
    models: ['Maquet Alphamaxx', 'HyBase 3000', 'Electro Hydraulic OT 5000'],
    price: [280000, 1250000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Operation Theatre',
    type: 'Surgical Light',
    taxRate: 12,
    brands: ['Getinge', 'Mindray', 'Dräger'],
    models: ['Maquet Volista 600', 'HyLED 9700', 'Polaris 600'],
    price: [185000, 680000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Operation Theatre',
    type: 'Electrosurgical Unit',
    taxRate: 12,
    brands: ['Erbe', 'Medtronic', 'BPL Medical'],
    models: ['VIO 300 D', 'Valleylab FT10', 'Cautron 400'],
    price: [95000, 480000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Sterilisation',
    type: 'Autoclave',
    taxRate: 12,
    brands: ['Tuttnauer', 'Getinge', 'Natsteel'],
    models: ['3870EA', 'HS33', 'Horizontal HS-450'],
    price: [145000, 950000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Laboratory',
    type: 'Haematology Analyser',
    taxRate: 12,
    brands: ['Sysmex', 'Horiba', 'Mindray'],
    models: ['XN-350', 'Yumizen H500', 'BC-5150'],
    price: [380000, 1450000],
    maxQuantity: 1,
  },
  {
    category: 'Medical Equipment',
    subCategory: 'Laboratory',
    type: 'Medical Refrigerator',
    taxRate: 12,
    brands: ['Haier Biomedical', 'Rockwell', 'Blue Star'],
    models: ['HYC-390', 'VC 225', 'Pharma 300L'],
    price: [48000, 260000],
    maxQuantity: 2,
  },
  {
    category: 'Furniture',
    subCategory: 'Hospital Furniture',
    type: 'Wheelchair',
    taxRate: 5,
    brands: ['Karma', 'Vissco', 'Invacare'],
    models: ['Ergo 700', 'Invalid Wheelchair 2901', 'Action 3'],
    price: [6500, 36000],
    maxQuantity: 6,
  },
  {
    category: 'Furniture',
    subCategory: 'Hospital Furniture',
    type: 'Stretcher Trolley',
    taxRate: 12,
    brands: ['Paramount', 'Godrej Interio'],
    models: ['Emergency Recovery Trolley', 'Patient Transfer Trolley'],
    price: [18000, 88000],
    maxQuantity: 4,
  },
  {
    category: 'IT Equipment',
    subCategory: 'Computers',
    type: 'Server',
    taxRate: 18,
    brands: ['Dell', 'HP', 'Lenovo'],
    models: ['PowerEdge R750', 'ProLiant DL380 Gen10', 'ThinkSystem SR650'],
    price: [285000, 920000],
    maxQuantity: 1,
  },
];

export const REMARKS: readonly string[] = [
  '<p>Delivery within <strong>15 days</strong> of this order. Installation and demonstration included.</p>',
  '<p>Warranty: <strong>2 years comprehensive</strong> from the date of installation.</p><ul><li>Preventive maintenance every quarter</li><li>Response time 24 hours</li></ul>',
  '<p>Prices are inclusive of packing. Freight charged separately as shown.</p>',
  '<p>Replacement for condemned equipment. Old unit to be taken back by the vendor (buy-back adjusted in discount).</p>',
  '<p>Supply against quotation attached. Payment: <em>30 days</em> from receipt of goods and invoice.</p>',
  '<p>Urgent requirement for the new diagnostic wing. Please confirm the dispatch date.</p><p>Contact the branch store keeper before delivery.</p>',
];

/** Reasons the demo's deciders give. */
export const VERIFY_REASONS = [
  'Quotation compared with two others; rates are the lowest.',
  'Budget available under the equipment head.',
  'Specifications match the indent.',
  'Checked against the rate contract.',
];
export const APPROVE_REASONS = [
  'Approved within the branch capital budget.',
  'Approved; replacement is due.',
  'Approved as per the purchase committee minutes.',
];
export const REJECT_REASONS = [
  'Rates higher than the rate contract; ask for a revised quotation.',
  'Item already available at the head office store; transfer instead.',
  'Specifications do not match the indent.',
  'Budget for the quarter exhausted.',
];
export const CANCEL_REASONS = [
  'Requirement withdrawn by the branch.',
  'Duplicate order raised by mistake.',
  'Vendor unable to supply within the required time.',
];
