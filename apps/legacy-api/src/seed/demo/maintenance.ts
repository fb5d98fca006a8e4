import {
  addDays,
  addInterval,
  addMonths,
  financialYear,
  type IntervalUnit,
  indianDate,
  type JobPriority,
  OPEN_JOB_STATUSES,
  renewalPeriod,
  type ScheduledJobType,
  visitDates,
} from '@branch-assets/domain';
import {
  JobOrderMoveRequest,
  JobOrderRequest,
  MaintenanceContractRenewRequest,
  MaintenanceContractRequest,
  MaintenanceScheduleRequest,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { writeAudit } from '../../audit/audit.ts';
import { recordEvents } from '../../installations/save.ts';
import { coverageOf, saveJobOrder } from '../../job-orders/save.ts';
import { moveJobOrder } from '../../job-orders/steps.ts';
import { renewContract, saveContract } from '../../maintenance/contracts.ts';
import { runScheduler, VISIT_LEAD_DAYS } from '../../maintenance/scheduler.ts';
import { saveSchedule } from '../../maintenance/schedules.ts';
import { documentNumber } from '../../purchase-orders/submit.ts';
import { STAFF_BY_BRANCH } from '../demo-data.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { istMoment, required, type Trx } from './shared.ts';
import { demoSteps, within } from './steps.ts';
import type { DemoVendor } from './vendors.ts';

/*
 * Maintenance in the demo (docs/workflows.md), written as transfers and installations are: by the
 * product's own functions — saveContract, renewContract, saveSchedule, runScheduler,
 * saveJobOrder, moveJobOrder — as the demo's users, inside the demo's one transaction, each step
 * then moved to the moment the demo places it at.
 *
 * Ten AMC and CMC contracts, most in Chennai Anna Nagar and Bengaluru Jayanagar: two ending within
 * 30 days, one ended three weeks ago and not renewed (its diesel generators' next breakdown is
 * chargeable), one renewed by a contract linked to it; three preventive schedules (a monthly
 * electrical safety test, FIXED; a ventilator's calibration six months after the last, COMPLETION;
 * an autoclave's quarterly PM). The scheduler runs on the days their jobs fall due to be created,
 * and on the seed's today: the vendors' visits and the schedules' jobs done over the past months
 * are closed, this week's wait (and one visit is overdue). Breakdowns in every state of a job:
 * three of one ventilator resolved over the past months (its MTBF and MTTR), a P1 in progress past
 * its resolution target, a P1 waiting past its response target, a chargeable job whose quotation
 * waits for the demo's manager, one resolved waiting for the branch to close it, one reopened, one
 * cancelled. A breakdown whose job leaves its asset Out of order (raised, assigned, waiting for
 * parts or for approval, reopened) is of an asset the branch marked Out of order first, as the
 * asset page does, so that every asset Out of order has the reason it was marked for.
 *
 * Every step happens in time order, on assets in use then, with no later history (transfers,
 * installations, condemnations) of their own. What a function dates by the clock rather than by
 * the step — a job's number and financial year, its coverage, the moments on its row — is
 * settled to the step's moment after it runs.
 */

/** A moment: days before today at a time in India, or hours before the seed's moment. */
type When = { days: number; at: readonly [number, number] } | { hours: number };
const ago = (days: number, hour: number, minute: number): When => ({ days, at: [hour, minute] });
const hoursAgo = (hours: number): When => ({ hours });

/** Which assets: of a branch, in use, with no later history, not on an open job. */
interface AssetPick {
  types: readonly string[];
  rooms?: readonly string[];
  /** The assets a contract covers (in force or not on the day). */
  of?: string;
  /** Neither under warranty nor under a contract in force on the day. */
  uncovered?: true;
  /** Under no contract at all. */
  noContract?: true;
  /** Under warranty for at least this many days after the day. */
  warrantyFor?: number;
}

interface ContractPlan {
  key: string;
  branch: string;
  vendor: string;
  type: 'AMC' | 'CMC';
  number: (start: string) => string;
  /**
   * What it covers, the first by tag: those whose warranty ends by the contract's end, or with
   * `anyWarranty` whatever their warranty (air conditioners in critical rooms).
   */
  assets: AssetPick & { count: number; anyWarranty?: true };
  /**
   * Its year: one whose visit `visit` falls due `dueIn` days from today, or that ends `endsIn`
   * days from today, or that started `startedAgo` days ago.
   */
  period: { visit: number; dueIn: number } | { endsIn: number } | { startedAgo: number };
  visitsPerYear: 2 | 3 | 4;
  /** The year's value, a share of the covered assets' cost (AMC a few percent, CMC more). */
  percent: number;
  payment: 'ANNUAL_ADVANCE' | 'HALF_YEARLY' | 'QUARTERLY';
  responseHours: number;
  noticeDays: number;
  remarks: string;
  recordedBy: string;
  /** Days before its start the branch recorded it, and when in the day. */
  recorded: { days: number; at: readonly [number, number] };
  /** The vendor's engineer who makes the visits, and what a visit does. */
  engineer: string;
  visitReport: string;
  renewed?: {
    number: (start: string) => string;
    by: string;
    /** Days before the old one ends. */
    days: number;
    at: readonly [number, number];
    increasePercent: number;
    remarks: string;
  };
}

const CONTRACTS: readonly ContractPlan[] = [
  {
    key: 'chn-ventilators',
    branch: 'CHN-ANN',
    vendor: 'Medline Equipments India Pvt Ltd',
    type: 'CMC',
    number: (start) => `MEIPL/CMC/${start.slice(0, 4)}/0418`,
    assets: { types: ['Ventilator'], count: 4 },
    period: { visit: 3, dueIn: 3 },
    visitsPerYear: 4,
    percent: 8.5,
    payment: 'QUARTERLY',
    responseHours: 6,
    noticeDays: 60,
    remarks:
      'Comprehensive: parts (flow sensors, O2 cells, batteries) and labour. A loan ventilator within 24 hours when a unit is down longer. No night call-out.',
    recordedBy: 'manager',
    recorded: { days: 6, at: [15, 20] },
    engineer: 'Ravi Shankar',
    visitReport:
      'Quarterly CMC visit: filters, flow sensors and exhalation valves cleaned, O2 cells and batteries checked, alarms tested and performance verified on the test lung.',
  },
  {
    key: 'chn-imaging',
    branch: 'CHN-ANN',
    vendor: 'Mumbai Imaging Solutions Pvt Ltd',
    type: 'AMC',
    number: (start) => `MIS/AMC/${financialYear(start)}/118`,
    assets: { types: ['Digital X-Ray System', 'Ultrasound Scanner'], count: 3 },
    period: { endsIn: 12 },
    visitsPerYear: 2,
    percent: 5,
    payment: 'ANNUAL_ADVANCE',
    responseHours: 24,
    noticeDays: 30,
    remarks:
      'Labour and visits only; detectors, tubes and probes are charged at list price less 10%.',
    recordedBy: 'vignesh.chn-ann',
    recorded: { days: 3, at: [12, 5] },
    engineer: 'Nilesh Patil',
    visitReport:
      'Half-yearly AMC visit: detector and probe checks, image quality phantom test, tube-head and cable inspection; radiation survey within limits.',
  },
  {
    key: 'chn-ac',
    branch: 'CHN-ANN',
    vendor: 'Tanjore Air Conditioning Co',
    type: 'AMC',
    number: (start) => `TAC/AMC/${start.slice(2, 4)}/2291`,
    assets: {
      types: ['Split Air Conditioner'],
      rooms: ['ICU', 'OT-1', 'OT-2'],
      count: 6,
      anyWarranty: true,
    },
    period: { endsIn: 26 },
    visitsPerYear: 3,
    percent: 5,
    payment: 'HALF_YEARLY',
    responseHours: 24,
    noticeDays: 30,
    remarks:
      'Critical-area units (ICU and theatres): three services a year, gas top-ups included; compressors extra.',
    recordedBy: 'vignesh.chn-ann',
    recorded: { days: 4, at: [11, 45] },
    engineer: 'R. Manikandan',
    visitReport:
      'AMC service: filters washed, indoor and outdoor coils cleaned, drain lines flushed, gas pressure and cooling checked on every unit.',
  },
  {
    key: 'chn-dg',
    branch: 'CHN-ANN',
    vendor: 'Cauvery Electricals',
    type: 'AMC',
    number: (start) => `CE/AMC/${financialYear(start)}/047`,
    assets: { types: ['Diesel Generator', 'Online UPS'], rooms: ['Plant room'], count: 3 },
    period: { endsIn: -20 },
    visitsPerYear: 2,
    percent: 3,
    payment: 'ANNUAL_ADVANCE',
    responseHours: 12,
    noticeDays: 30,
    remarks: 'Two services a year with oil and filter change; parts and batteries extra.',
    recordedBy: 'vignesh.chn-ann',
    recorded: { days: 5, at: [16, 30] },
    engineer: 'M. Senthilnathan',
    visitReport:
      'AMC service: engine oil, oil and fuel filters changed, coolant and battery checked, load test for 30 minutes, auto-start on mains failure tested.',
  },
  {
    key: 'chn-defibrillators',
    branch: 'CHN-ANN',
    vendor: 'Vaigai Biomedical Services',
    type: 'AMC',
    number: (start) => `VBS/AMC/${start.slice(0, 4)}/0093`,
    assets: { types: ['Defibrillator', 'Anaesthesia Workstation'], count: 6 },
    period: { endsIn: -40 },
    visitsPerYear: 2,
    percent: 4,
    payment: 'ANNUAL_ADVANCE',
    responseHours: 8,
    noticeDays: 45,
    remarks: 'Labour and half-yearly checks; batteries, pads and paddles at cost.',
    recordedBy: 'manager',
    recorded: { days: 7, at: [10, 15] },
    engineer: 'S. Karthik',
    visitReport:
      'Half-yearly AMC check: energy delivered measured into the test load at every setting, battery capacity and charge time, paddles, cables and the recorder checked.',
    renewed: {
      number: (start) => `VBS/AMC/${start.slice(0, 4)}/0151`,
      by: 'manager',
      days: 12,
      at: [11, 40],
      increasePercent: 6,
      remarks:
        'Renewed for a year on the same terms, 6% more; batteries, pads and paddles at cost.',
    },
  },
  {
    key: 'blr-critical',
    branch: 'BLR-JAY',
    vendor: 'Bharat Diagnostics Systems Pvt Ltd',
    type: 'CMC',
    number: (start) => `BDS/CMC/${financialYear(start)}/0207`,
    assets: { types: ['Ventilator', 'Defibrillator'], count: 6 },
    period: { visit: 2, dueIn: 3 },
    visitsPerYear: 4,
    percent: 8,
    payment: 'QUARTERLY',
    responseHours: 4,
    noticeDays: 60,
    remarks:
      'Comprehensive for ICU life support: parts and labour, 4-hour response round the clock.',
    recordedBy: 'manjunath.blr-jay',
    recorded: { days: 6, at: [14, 10] },
    engineer: 'Harish Gowda',
    visitReport:
      'Quarterly CMC visit: ventilators’ sensors calibrated and alarms tested, defibrillators’ energy checked into the test load, batteries load-tested.',
  },
  {
    key: 'blr-power',
    branch: 'BLR-JAY',
    vendor: 'Nandi Power Systems',
    type: 'CMC',
    number: (start) => `NPS/CMC/${start.slice(0, 4)}/311`,
    assets: {
      types: ['Online UPS', 'Diesel Generator'],
      rooms: ['ICU', 'OT-1', 'OT-2', 'Plant room', 'Server room'],
      count: 5,
    },
    period: { visit: 2, dueIn: -3 },
    visitsPerYear: 4,
    percent: 6,
    payment: 'QUARTERLY',
    responseHours: 6,
    noticeDays: 60,
    remarks: 'UPS and DG sets: parts, batteries and labour included; DG consumables extra.',
    recordedBy: 'manjunath.blr-jay',
    recorded: { days: 5, at: [10, 40] },
    engineer: 'Sunil Kumar B',
    visitReport:
      'Quarterly CMC visit: UPS battery banks load-tested and terminals tightened, DG sets run on load, auto-transfer on mains failure tested.',
  },
  {
    key: 'blr-ac',
    branch: 'BLR-JAY',
    vendor: 'Periyar Electro Cooling',
    type: 'AMC',
    number: (start) => `PEC/BLR/${start.slice(0, 4)}/064`,
    assets: {
      types: ['Split Air Conditioner'],
      rooms: ['ICU', 'OT-1', 'OT-2'],
      count: 8,
      anyWarranty: true,
    },
    period: { startedAgo: 100 },
    visitsPerYear: 3,
    percent: 5,
    payment: 'HALF_YEARLY',
    responseHours: 24,
    noticeDays: 30,
    remarks: 'ICU and theatre units; three services a year, gas top-ups included.',
    recordedBy: 'manjunath.blr-jay',
    recorded: { days: 3, at: [15, 0] },
    engineer: 'Binu Joseph',
    visitReport:
      'AMC service: filters and coils cleaned, drain lines flushed, gas pressure and cooling checked.',
  },
  {
    key: 'cbe-power',
    branch: 'CBE-RSP',
    vendor: 'Cauvery Electricals',
    type: 'AMC',
    number: (start) => `CE/AMC/${financialYear(start)}/112`,
    assets: {
      types: ['Diesel Generator', 'Online UPS'],
      rooms: ['Plant room', 'Server room'],
      count: 3,
      anyWarranty: true,
    },
    period: { startedAgo: 45 },
    visitsPerYear: 2,
    percent: 3,
    payment: 'ANNUAL_ADVANCE',
    responseHours: 12,
    noticeDays: 30,
    remarks: 'Two services a year; parts and batteries extra.',
    recordedBy: 'kavitha',
    recorded: { days: 4, at: [12, 50] },
    engineer: 'P. Ramesh',
    visitReport: 'AMC service: oil and filters changed, batteries checked, load test done.',
  },
];

interface SchedulePlan {
  key: string;
  branch: string;
  asset: AssetPick;
  jobType: ScheduledJobType;
  every: number;
  unit: IntervalUnit;
  anchor: 'FIXED' | 'COMPLETION';
  /** The first due date: `back` intervals before a day `dueIn` days from today. */
  anchorDate: { dueIn: number; back: number };
  leadDays: number;
  /** Days after its due date the work is done. */
  lateDays: number;
  createdBy: string;
  /** Days before the first due date the schedule was set. */
  createdDays: number;
  report: string;
}

const SCHEDULES: readonly SchedulePlan[] = [
  {
    key: 'chn-defibrillator-safety',
    branch: 'CHN-ANN',
    asset: { types: ['Defibrillator'], of: 'chn-defibrillators' },
    jobType: 'ELECTRICAL_SAFETY',
    every: 1,
    unit: 'MONTH',
    anchor: 'FIXED',
    anchorDate: { dueIn: 5, back: 2 },
    leadDays: 7,
    lateDays: 0,
    createdBy: 'vignesh.chn-ann',
    createdDays: 12,
    report:
      'Electrical safety test (IEC 62353) passed: protective earth 0.09 Ω, equipment leakage 38 µA; energy delivered into the test load within 3% of the setting.',
  },
  {
    key: 'chn-ventilator-calibration',
    branch: 'CHN-ANN',
    asset: { types: ['Ventilator'], rooms: ['ICU'], noContract: true, warrantyFor: 250 },
    jobType: 'CALIBRATION',
    every: 6,
    unit: 'MONTH',
    anchor: 'COMPLETION',
    anchorDate: { dueIn: -180, back: 0 },
    leadDays: 7,
    lateDays: 1,
    createdBy: 'vignesh.chn-ann',
    createdDays: 15,
    report:
      'Flow and pressure sensors calibrated against the reference gas-flow analyser; O2 cell checked at 21% and 100%; all within tolerance.',
  },
  {
    key: 'blr-autoclave-pm',
    branch: 'BLR-JAY',
    asset: { types: ['Autoclave'], warrantyFor: 120 },
    jobType: 'PREVENTIVE',
    every: 3,
    unit: 'MONTH',
    anchor: 'FIXED',
    anchorDate: { dueIn: 6, back: 1 },
    leadDays: 10,
    lateDays: 0,
    createdBy: 'manjunath.blr-jay',
    createdDays: 10,
    report:
      'Quarterly PM: door gasket, safety valve and steam trap checked, chamber and drain strainer cleaned; Bowie-Dick and vacuum leak tests passed.',
  },
];

type Assignee = { vendor: string; engineer: string } | { staff: true };

interface JobLineInput {
  Kind: 'PART' | 'LABOUR';
  Description: string;
  Quantity: number;
  Rate: number;
  Chargeable?: boolean;
}

type JobStepPlan = { at: When; by: string } & (
  | { step: 'START' | 'CLOSE' | 'APPROVE_QUOTE' | 'RESUME'; text?: string }
  | { step: 'QUOTE'; rupees: number; text: string }
  | { step: 'RESOLVE' | 'REOPEN' | 'CANCEL' | 'WAIT_PARTS' | 'REJECT_QUOTE'; text: string }
  /** The engineer's job sheet: the job corrected with its parts and labour. */
  | { step: 'LINES'; lines: readonly JobLineInput[] }
);

interface BreakdownPlan {
  key: string;
  branch: string;
  asset: AssetPick | { sameAs: string };
  priority: JobPriority;
  problem: string;
  raisedBy: string;
  raised: When;
  /** Who is to do the work, named when the job is raised. */
  assignee?: Assignee;
  /** Marked Out of order (by whoever raises the job) before the job is raised. */
  marked?: { at: When; reason: string };
  steps: readonly JobStepPlan[];
}

const MEDLINE = { vendor: 'Medline Equipments India Pvt Ltd', engineer: 'Ravi Shankar' };
const CHN = 'vignesh.chn-ann';
const BLR = 'manjunath.blr-jay';

const BREAKDOWNS: readonly BreakdownPlan[] = [
  // One ventilator's breakdowns over the past months, under the CMC: its MTBF and MTTR.
  {
    key: 'ventilator-1',
    branch: 'CHN-ANN',
    asset: { types: ['Ventilator'], of: 'chn-ventilators' },
    priority: 'P1',
    problem:
      'Ventilator in the ICU alarms ‘Low tidal volume’ on every breath; the patient was moved to the spare ventilator.',
    raisedBy: CHN,
    raised: ago(150, 8, 40),
    assignee: MEDLINE,
    steps: [
      { step: 'START', at: ago(150, 9, 5), by: CHN },
      {
        step: 'LINES',
        at: ago(150, 13, 10),
        by: CHN,
        lines: [
          {
            Kind: 'PART',
            Description: 'Expiratory flow sensor (CMC)',
            Quantity: 1,
            Rate: 18500,
            Chargeable: false,
          },
        ],
      },
      {
        step: 'RESOLVE',
        at: ago(150, 13, 30),
        by: CHN,
        text: 'Expiratory flow sensor replaced under the CMC; leak test, sensor calibration and a two-hour run on the test lung passed.',
      },
      {
        step: 'CLOSE',
        at: ago(149, 10, 0),
        by: 'manager',
        text: 'Working well on the ward round.',
      },
    ],
  },
  {
    key: 'ventilator-2',
    branch: 'CHN-ANN',
    asset: { sameAs: 'ventilator-1' },
    priority: 'P1',
    problem:
      'Ventilator stopped mid-shift with ‘Technical fault 27’; the patient was bagged and moved to the spare ventilator.',
    raisedBy: CHN,
    raised: ago(78, 22, 15),
    assignee: MEDLINE,
    steps: [
      {
        step: 'START',
        at: ago(77, 7, 10),
        by: CHN,
        text: 'Engineer on site at 7 am: the CMC has no night call-out.',
      },
      {
        step: 'RESOLVE',
        at: ago(77, 12, 40),
        by: CHN,
        text: 'Power supply board replaced under the CMC; all self-tests passed and a four-hour soak test on the test lung.',
      },
      { step: 'CLOSE', at: ago(76, 11, 0), by: 'manager' },
    ],
  },
  {
    key: 'ventilator-3',
    branch: 'CHN-ANN',
    asset: { sameAs: 'ventilator-1' },
    priority: 'P2',
    problem: 'O2 concentration reading drifts and the FiO2 alarm sounds every few minutes.',
    raisedBy: CHN,
    raised: ago(26, 11, 20),
    assignee: { staff: true },
    steps: [
      { step: 'START', at: ago(26, 11, 50), by: CHN },
      {
        step: 'RESOLVE',
        at: ago(26, 15, 10),
        by: CHN,
        text: 'Oxygen cell replaced from the CMC spares kit and calibrated at 21% and 100%.',
      },
      { step: 'CLOSE', at: ago(25, 10, 30), by: 'manager' },
    ],
  },
  // A P1 in progress since yesterday morning: past its resolution target.
  {
    key: 'defibrillator-p1',
    branch: 'CHN-ANN',
    asset: { types: ['Defibrillator'], rooms: ['ICU'], of: 'chn-defibrillators-2' },
    priority: 'P1',
    problem:
      'Defibrillator in the ICU does not charge beyond 150 J at the morning check; the crash cart has the theatre’s unit meanwhile.',
    raisedBy: CHN,
    raised: ago(1, 9, 10),
    assignee: { vendor: 'Vaigai Biomedical Services', engineer: 'S. Karthik' },
    steps: [{ step: 'START', at: ago(1, 9, 35), by: CHN }],
  },
  // A P1 assigned hours ago that nobody has answered: past its response target.
  {
    key: 'monitor-p1',
    branch: 'CHN-ANN',
    asset: { types: ['Multipara Monitor'], rooms: ['ICU'] },
    priority: 'P1',
    problem:
      'ICU bed 6 monitor freezes: the ECG and SpO2 traces stop and no alarm sounds. A spare monitor is in use.',
    raisedBy: CHN,
    marked: {
      at: hoursAgo(3.5),
      reason:
        'ECG and SpO2 traces freeze and the alarms are silent; patient moved to a spare monitor.',
    },
    raised: hoursAgo(3.3),
    assignee: MEDLINE,
    steps: [],
  },
  // Raised an hour ago: open.
  {
    key: 'suction-open',
    branch: 'CHN-ANN',
    asset: { types: ['Suction Apparatus'], rooms: ['Emergency'] },
    priority: 'P3',
    problem:
      'Suction machine in the Emergency does not build vacuum beyond 200 mmHg; the portable unit is in use meanwhile.',
    raisedBy: CHN,
    marked: { at: hoursAgo(1.3), reason: 'Does not build vacuum; the portable unit is in use.' },
    raised: hoursAgo(1.1),
    steps: [],
  },
  // Chargeable (its AMC ended and was not renewed): the quotation waits for the manager.
  {
    key: 'generator-quote',
    branch: 'CHN-ANN',
    asset: { types: ['Diesel Generator'], of: 'chn-dg', uncovered: true },
    priority: 'P2',
    problem:
      'DG-2 does not crank on mains failure: the auto-start fails and the manual start only clicks. DG-1 alone carries the hospital.',
    raisedBy: CHN,
    marked: {
      at: ago(2, 18, 40),
      reason: 'Failed to start during the evening power cut; DG-1 carried the load.',
    },
    raised: ago(2, 18, 55),
    assignee: { vendor: 'Cauvery Electricals', engineer: 'M. Senthilnathan' },
    steps: [
      {
        step: 'QUOTE',
        at: ago(1, 16, 20),
        by: CHN,
        rupees: 46500,
        text: 'Starter motor rewinding and two new 12 V 150 Ah batteries, labour included. The AMC with Cauvery ended three weeks ago and was not renewed, so this is chargeable.',
      },
    ],
  },
  // Resolved yesterday: waiting for the branch to close it.
  {
    key: 'ac-resolved',
    branch: 'CHN-ANN',
    asset: { types: ['Split Air Conditioner'], rooms: ['ICU'], of: 'chn-ac' },
    priority: 'P2',
    problem: 'ICU air conditioner AC-3 is not cooling: the room is at 27 °C.',
    raisedBy: CHN,
    raised: ago(2, 10, 5),
    assignee: { vendor: 'Tanjore Air Conditioning Co', engineer: 'R. Manikandan' },
    steps: [
      { step: 'START', at: ago(2, 15, 30), by: CHN },
      {
        step: 'RESOLVE',
        at: ago(1, 11, 15),
        by: CHN,
        text: 'Refrigerant leak at the flare joint brazed, R32 topped up, filters and condenser coil cleaned; the room is back at 21 °C.',
      },
    ],
  },
  // Resolved, then the fault came back: reopened.
  {
    key: 'xray-reopened',
    branch: 'CHN-ANN',
    asset: { types: ['Digital X-Ray System'], of: 'chn-imaging' },
    priority: 'P2',
    problem:
      'X-ray detector drops the image on every third exposure; outpatients are being sent to Velachery.',
    raisedBy: CHN,
    marked: {
      at: ago(6, 9, 5),
      reason: 'Detector drops the image on every third exposure; outpatients sent to Velachery.',
    },
    raised: ago(6, 9, 20),
    assignee: { vendor: 'Mumbai Imaging Solutions Pvt Ltd', engineer: 'Nilesh Patil' },
    steps: [
      { step: 'START', at: ago(5, 11, 0), by: CHN },
      {
        step: 'RESOLVE',
        at: ago(5, 17, 30),
        by: CHN,
        text: 'Detector recalibrated and its tether cable reseated; twenty test exposures clean.',
      },
      {
        step: 'REOPEN',
        at: ago(3, 10, 10),
        by: CHN,
        text: 'Image drop-outs again this morning, twice in the first hour. Engineer asked to bring a spare detector cable.',
      },
    ],
  },
  // Not a fault: cancelled.
  {
    key: 'pump-cancelled',
    branch: 'CHN-ANN',
    asset: { types: ['Syringe Pump'], rooms: ['Wards'] },
    priority: 'P3',
    problem: 'Syringe pump in the wards alarms ‘Occlusion’ again and again.',
    raisedBy: 'manager',
    raised: ago(9, 11, 0),
    steps: [
      {
        step: 'CANCEL',
        at: ago(9, 12, 10),
        by: CHN,
        text: 'Not a fault: the extension line was kinked under the bed rail. Nurses shown how to route it; the pump is back in use.',
      },
    ],
  },
  // Chargeable, its quotation approved by the manager, the parts on the job sheet.
  {
    key: 'monitor-chargeable',
    branch: 'CHN-ANN',
    asset: { types: ['Multipara Monitor'], rooms: ['Wards'], uncovered: true },
    priority: 'P3',
    problem: 'Ward monitor reads an SpO2 of 70–80% on healthy staff; the SpO2 module is suspected.',
    raisedBy: CHN,
    raised: ago(40, 10, 30),
    assignee: MEDLINE,
    steps: [
      {
        step: 'QUOTE',
        at: ago(39, 15, 0),
        by: CHN,
        rupees: 9800,
        text: 'SpO2 module and a new reusable finger sensor. The monitor is out of warranty and under no contract.',
      },
      {
        step: 'APPROVE_QUOTE',
        at: ago(38, 11, 20),
        by: 'manager',
        text: 'Approved: far cheaper than a new monitor.',
      },
      { step: 'START', at: ago(36, 10, 0), by: CHN },
      {
        step: 'LINES',
        at: ago(36, 12, 0),
        by: CHN,
        lines: [
          { Kind: 'PART', Description: 'SpO2 module', Quantity: 1, Rate: 7600 },
          { Kind: 'PART', Description: 'Reusable SpO2 finger sensor', Quantity: 1, Rate: 1400 },
          { Kind: 'LABOUR', Description: 'Service charge', Quantity: 1, Rate: 800 },
        ],
      },
      {
        step: 'RESOLVE',
        at: ago(36, 12, 30),
        by: CHN,
        text: 'SpO2 module and sensor replaced; readings match the reference oximeter on three staff.',
      },
      { step: 'CLOSE', at: ago(35, 10, 0), by: 'manager' },
    ],
  },
  // Bengaluru: waiting for a part under warranty; a P1 resolved in time; a warranty repair.
  {
    key: 'workstation-parts',
    branch: 'BLR-JAY',
    asset: { types: ['Anaesthesia Workstation'], noContract: true, warrantyFor: 30 },
    priority: 'P2',
    problem:
      'Anaesthesia workstation shows zero O2 flow though gas is flowing; the day’s list moved to the other theatre.',
    raisedBy: BLR,
    marked: {
      at: ago(5, 8, 10),
      reason: 'O2 flow reads zero though gas flows; the list moved to the other theatre.',
    },
    raised: ago(5, 8, 25),
    assignee: { vendor: 'Bharat Diagnostics Systems Pvt Ltd', engineer: 'Harish Gowda' },
    steps: [
      { step: 'START', at: ago(5, 13, 0), by: BLR },
      {
        step: 'WAIT_PARTS',
        at: ago(5, 16, 30),
        by: BLR,
        text: 'O2 flow sensor faulty: a replacement is ordered from the manufacturer under warranty, expected within a week.',
      },
    ],
  },
  {
    key: 'blr-ventilator',
    branch: 'BLR-JAY',
    asset: { types: ['Ventilator'], rooms: ['ICU'], of: 'blr-critical' },
    priority: 'P1',
    problem:
      'ICU ventilator alarms ‘Gas supply low’ with full pipeline pressure; the patient is on the transport ventilator.',
    raisedBy: BLR,
    raised: ago(60, 3, 20),
    assignee: { staff: true },
    steps: [
      { step: 'START', at: ago(60, 3, 50), by: BLR },
      {
        step: 'RESOLVE',
        at: ago(60, 7, 45),
        by: BLR,
        text: 'Air inlet water trap and filter replaced (CMC consumables); the alarm cleared, two-hour test run.',
      },
      { step: 'CLOSE', at: ago(59, 10, 0), by: BLR },
    ],
  },
  {
    key: 'blr-xray',
    branch: 'BLR-JAY',
    asset: { types: ['Digital X-Ray System'], noContract: true, warrantyFor: 0 },
    priority: 'P3',
    problem: 'Collimator lamp fails: no positioning light on the X-ray.',
    raisedBy: BLR,
    raised: ago(120, 9, 30),
    assignee: { vendor: 'Bharat Diagnostics Systems Pvt Ltd', engineer: 'Harish Gowda' },
    steps: [
      { step: 'START', at: ago(119, 10, 30), by: BLR },
      {
        step: 'RESOLVE',
        at: ago(119, 12, 0),
        by: BLR,
        text: 'Collimator lamp and its fuse replaced under warranty.',
      },
      { step: 'CLOSE', at: ago(118, 16, 0), by: BLR },
    ],
  },
];

/** Who works a branch's jobs (its manager's login), who closes them, and its engineer. */
const BRANCH_PEOPLE: Readonly<Record<string, { worker: string; closer: string }>> = {
  'CHN-ANN': { worker: CHN, closer: 'manager' },
  'BLR-JAY': { worker: BLR, closer: BLR },
  'CBE-RSP': { worker: 'ganesh.cbe-rsp', closer: 'kavitha' },
};

/** The scheduler's instance as the demo's server names itself. */
const INSTANCE = 'legacy-api-1:1';
const GST_RATE = 18;

/** A job a step raised, as it was written. */
interface NewJob {
  id: number;
  code: string;
  financialYear: string;
  jobNumber: string;
  coverage: string;
  contractId: number | null;
  visitContractId: number | null;
  scheduleId: number | null;
  dueDate: string | null;
  assets: number[];
  /** The next number of its branch in the financial year of the step. */
  next: number;
}

export interface DemoMaintenanceCounts {
  contracts: number;
  schedules: number;
  jobOrders: number;
  auditEntries: number;
  assetEvents: number;
}

export async function seedMaintenance(
  trx: Trx,
  parts: { organisation: DemoOrganisation; people: DemoPeople; vendors: readonly DemoVendor[] },
  today: Date,
): Promise<DemoMaintenanceCounts> {
  const { branchId } = parts.organisation;
  const db = within(trx);
  const { userNamed, accessOf } = demoSteps(trx, parts.people, today);
  const todayIso = indianDate(today);
  const now = today.getTime();
  const counts = { contracts: 0, schedules: 0, auditEntries: 0, assetEvents: 0 };

  const momentOf = (when: When): Date =>
    'hours' in when
      ? new Date(now - Math.round(when.hours * 3_600_000))
      : istMoment(addDays(todayIso, -when.days), ...when.at);
  const vendorId = (name: string) =>
    required(
      parts.vendors.find((vendor) => vendor.name === name),
      `vendor ${name}`,
    ).id;
  const engineers = new Map(
    (
      await trx
        .selectFrom('staff')
        .select(['id', 'name', 'branchId'])
        .where(
          'name',
          'in',
          Object.keys(BRANCH_PEOPLE).map((code) => required(STAFF_BY_BRANCH[code], code)[1]),
        )
        .execute()
    ).map((row) => [row.branchId, row.id]),
  );
  const engineerOf = (branch: string) => required(engineers.get(branchId(branch)), branch);
  const peopleOf = (branch: string) => required(BRANCH_PEOPLE[branch], `people of ${branch}`);

  // What happens, in time order: each event runs the product at its moment.
  const queue: { at: number; order: number; what: string; run: () => Promise<void> }[] = [];
  let order = 0;
  let current = 0;
  const on = (moment: Date, what: string, work: () => Promise<void>) => {
    if (moment.getTime() >= now)
      throw new Error(`demo maintenance: ${what} in the future (${moment.toISOString()})`);
    if (moment.getTime() < current)
      throw new Error(`demo maintenance: ${what} before what came before it`);
    queue.push({ at: moment.getTime(), order: order++, what, run: work });
  };

  /**
   * Runs one step of the product, then moves what it wrote to `moment`, as demoSteps' stamp does
   * (its audit entries and asset events), with what it dated by the clock: the steps and rows of
   * the jobs it wrote or moved, their assets' last change, a scheduler run; and a new job's number
   * and coverage, which are those of the day it was raised. One statement before and one after.
   * Answers what the step answered, and the jobs it raised.
   */
  async function step<T>(moment: Date, work: () => Promise<T>): Promise<[T, NewJob[]]> {
    if (moment.getTime() >= now)
      throw new Error(`demo maintenance: a step in the future (${moment.toISOString()})`);
    const mark = new Date();
    const { rows } = await sql<{
      job: number;
      step: number;
      event: string;
      audit: number;
      run: number;
    }>`select coalesce((select max(id) from job_orders), 0)::int as job,
        coalesce((select max(id) from job_order_steps), 0)::int as step,
        coalesce((select max(id) from asset_events), 0)::text as event,
        coalesce((select max(id) from audit_log), 0)::int as audit,
        coalesce((select max(id) from scheduler_runs), 0)::int as run`.execute(trx);
    const last = required(rows[0], 'last ids');
    const result = await work();
    const to = sql`${moment.toISOString()}::timestamptz`;
    const since = sql`${mark.toISOString()}::timestamptz`;
    const fy = financialYear(indianDate(moment));
    const moved = (column: string) =>
      sql`${sql.ref(column)} = case when ${sql.ref(column)} >= ${since} then ${to} else ${sql.ref(column)} end`;
    const { rows: written } = await sql<{ audit: number; events: number; created: NewJob[] }>`with
        audit as (update audit_log set at = ${to} where id > ${last.audit} returning 1),
        events as (update asset_events set at = ${to} where id > ${last.event}::bigint
          returning asset_id),
        steps as (update job_order_steps set at = ${to} where id > ${last.step}),
        runs as (update scheduler_runs set started_at = ${to},
          finished_at = ${to} + interval '1.2 seconds' where id > ${last.run}),
        jobs as (update job_orders set
            raised_at = case when id > ${last.job} then ${to} else raised_at end,
            updated_at = ${to},
            ${sql.join(
              ['responded_at', 'resolved_at', 'closed_at', 'quoted_at', 'quote_decided_at'].map(
                moved,
              ),
            )}
          where id > ${last.job} or updated_at >= ${since}
          returning *),
        assets as (update assets set updated_at = ${to}
          where id = any(array(select asset_id from events)) and updated_at >= ${since})
      select (select count(*)::int from audit) as audit, (select count(*)::int from events) as events,
        coalesce((select json_agg(json_build_object('id', j.id, 'code', b.code,
            'financialYear', j.financial_year, 'jobNumber', j.job_number, 'coverage', j.coverage,
            'contractId', j.contract_id, 'visitContractId', j.visit_contract_id,
            'scheduleId', j.schedule_id, 'dueDate', j.due_date,
            'assets', array(select ja.asset_id from job_order_assets ja where ja.job_order_id = j.id),
            'next', (select coalesce(max(x.sequence), 0) + 1 from job_orders x
              where x.branch_id = j.branch_id and x.financial_year = ${fy})) order by j.id)
          from jobs j join branches b on b.id = j.branch_id where j.id > ${last.job}), '[]')
          as created`.execute(trx);
    const { audit, events, created } = required(written[0], 'moved');
    counts.auditEntries += audit;
    counts.assetEvents += events;
    const renumbered = new Map<string, number>();
    for (const job of created) {
      // Jobs raised in another financial year than the clock's take its next numbers, in order.
      const earlier = renumbered.get(job.code) ?? 0;
      if (job.financialYear !== fy) renumbered.set(job.code, earlier + 1);
      await settleNewJob(
        job,
        moment,
        fy,
        job.financialYear === fy ? null : job.next + earlier,
        last,
      );
    }
    return [result, created];
  }

  /** A new job's number in the financial year it was raised in, and its coverage that day. */
  async function settleNewJob(
    job: NewJob,
    moment: Date,
    fy: string,
    sequence: number | null,
    last: { event: string; audit: number },
  ) {
    const day = indianDate(moment);
    const number =
      sequence === null ? job.jobNumber : documentNumber('JOB', job.code, fy, sequence);
    // A contract's visit is the contract's whatever the day; another job's coverage is the day's.
    const coverage =
      job.visitContractId === null
        ? await coverageOf(db, job.assets, day)
        : { coverage: job.coverage, contractId: job.contractId };
    if (
      sequence === null &&
      coverage.coverage === job.coverage &&
      coverage.contractId === job.contractId
    )
      return;
    const old = job.jobNumber;
    await sql`with
        events as (update asset_events set reason = ${number} || substr(reason, ${old.length + 1})
          where id > ${last.event}::bigint and left(reason, ${old.length}) = ${old}),
        audit as (update audit_log set details = details
            || jsonb_build_object('number', ${number}::text, 'coverage', ${coverage.coverage}::text)
          where id > ${last.audit} and entity = 'job_order' and entity_id = ${job.id}
            and action = 'raised')
      update job_orders set financial_year = ${fy}, sequence = coalesce(${sequence}::int, sequence),
        job_number = ${number}, coverage = ${coverage.coverage}, contract_id = ${coverage.contractId}
      where id = ${job.id}`.execute(trx);
  }

  // Assets chosen so far by breakdowns and schedules: each its own.
  const taken = new Set<number>();
  const contractIds = new Map<string, number>();
  const contractId = (key: string) => required(contractIds.get(key), `contract ${key}`);

  /** Assets as `spec` says, by tag; `warrantyBy`: their warranty ended by then (or none). */
  async function pick(
    branch: string,
    moment: Date,
    spec: AssetPick,
    count: number,
    options: { warrantyBy?: string; distinct: boolean },
  ): Promise<number[]> {
    const day = indianDate(moment);
    const rows = await trx
      .selectFrom('assets as a')
      .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
      .innerJoin('assetLocations as l', 'l.id', 'a.locationId')
      .select('a.id')
      .where('a.branchId', '=', branchId(branch))
      .where('t.name', 'in', [...spec.types])
      .$if(spec.rooms !== undefined, (query) =>
        query.where('l.name', 'in', [...(spec.rooms ?? [])]),
      )
      .where('a.assetStatus', '=', 'IN_USE')
      .where('a.goodsReceiptLineId', 'is', null)
      .where('a.createdAt', '<', moment)
      .where('a.putToUseDate', '<', day)
      // No later history (nor a day before), and never marked: its timeline stays in order.
      .where(
        sql<boolean>`not exists (select 1 from asset_events e where e.asset_id = a.id
          and (e.at >= ${new Date(moment.getTime() - 86_400_000).toISOString()}::timestamptz
            or e.kind = 'STATUS'))`,
      )
      .where(
        sql<boolean>`not exists (select 1 from asset_transfer_items ti where ti.asset_id = a.id)`,
      )
      .where(
        sql<boolean>`not exists (select 1 from job_order_assets ja
          join job_orders j on j.id = ja.job_order_id
          where ja.asset_id = a.id and j.status in (${sql.join([...OPEN_JOB_STATUSES])}))`,
      )
      .$if(spec.of !== undefined, (query) =>
        query.where(
          sql<boolean>`exists (select 1 from maintenance_contract_assets ca
            where ca.asset_id = a.id and ca.contract_id = ${contractId(spec.of ?? '')})`,
        ),
      )
      .$if(spec.noContract === true, (query) =>
        query.where(
          sql<boolean>`not exists (select 1 from maintenance_contract_assets ca where ca.asset_id = a.id)`,
        ),
      )
      .$if(spec.uncovered === true, (query) =>
        query.where(
          sql<boolean>`(a.warranty_end is null or a.warranty_end < ${day}::date)
            and not exists (select 1 from maintenance_contract_assets ca
              join maintenance_contracts c on c.id = ca.contract_id
              where ca.asset_id = a.id and c.start_date <= ${day}::date and c.end_date >= ${day}::date)`,
        ),
      )
      .$if(spec.warrantyFor !== undefined, (query) =>
        query.where('a.warrantyEnd', '>=', addDays(day, spec.warrantyFor ?? 0)),
      )
      .$if(options.warrantyBy !== undefined, (query) =>
        query.where(
          sql<boolean>`(a.warranty_end is null or a.warranty_end <= ${options.warrantyBy ?? ''}::date)`,
        ),
      )
      .orderBy('a.tag')
      .limit(count + (options.distinct ? taken.size : 0))
      .execute();
    const chosen = rows
      .map((row) => row.id)
      .filter((id) => !options.distinct || !taken.has(id))
      .slice(0, count);
    if (chosen.length === 0)
      throw new Error(`demo maintenance: no ${spec.types.join(' or ')} in ${branch} to choose`);
    if (options.distinct) for (const id of chosen) taken.add(id);
    return chosen;
  }

  // Contracts, recorded a few days before they start; a renewal before the old one ends.
  const runDays = new Set<string>();
  const visitPlans = new Map<number, ContractPlan>();
  for (const plan of CONTRACTS) {
    const months = 12 / plan.visitsPerYear;
    const { period } = plan;
    const start =
      'visit' in period
        ? addMonths(addDays(todayIso, period.dueIn + 1), -period.visit * months)
        : 'endsIn' in period
          ? addMonths(addDays(todayIso, period.endsIn + 1), -12)
          : addDays(todayIso, -period.startedAgo);
    const end = addDays(addMonths(start, 12), -1);
    const recordedAt = istMoment(addDays(start, -plan.recorded.days), ...plan.recorded.at);
    const user = userNamed(plan.recordedBy);
    const terms = {
      UserInterface: 1,
      ContractType: plan.type,
      GstRate: GST_RATE,
      PaymentSchedule: plan.payment,
      VisitsPerYear: plan.visitsPerYear,
      ResponseHours: plan.responseHours,
      NoticeDays: plan.noticeDays,
      Renewal: 'MANUAL',
    } as const;
    let assets: number[] = [];
    let value = 0;
    on(recordedAt, `contract ${plan.key}`, async () => {
      assets = await pick(plan.branch, recordedAt, plan.assets, plan.assets.count, {
        distinct: false,
        ...(plan.assets.anyWarranty ? {} : { warrantyBy: end }),
      });
      const cost = await trx
        .selectFrom('assets')
        .select((eb) => eb.fn.sum<string>('cost').as('cost'))
        .where('id', 'in', assets)
        .executeTakeFirstOrThrow();
      value = Math.round((Number(cost.cost) * plan.percent) / 100 / 100) * 100;
      const body = MaintenanceContractRequest.parse({
        ...terms,
        Branch: branchId(plan.branch),
        Vendor: vendorId(plan.vendor),
        ContractNumber: plan.number(start),
        StartDate: start,
        EndDate: end,
        ContractValue: value,
        Assets: assets,
        Remarks: plan.remarks,
      });
      const [id] = await step(recordedAt, async () =>
        saveContract(db, await accessOf(user), user, body),
      );
      await sql`update maintenance_contracts set created_at = ${recordedAt.toISOString()}::timestamptz,
        updated_at = ${recordedAt.toISOString()}::timestamptz where id = ${id}`.execute(trx);
      contractIds.set(plan.key, id);
      visitPlans.set(id, plan);
      counts.contracts += 1;
    });
    const horizon = addDays(todayIso, VISIT_LEAD_DAYS);
    const visitDays = (from: string, to: string) => {
      for (const due of visitDates(from, to, plan.visitsPerYear))
        if (due <= horizon) runDays.add(addDays(due, -VISIT_LEAD_DAYS));
    };
    visitDays(start, end);
    const { renewed } = plan;
    if (!renewed) continue;
    const next = renewalPeriod(start, end);
    const renewedAt = istMoment(addDays(end, -renewed.days), ...renewed.at);
    const renewer = userNamed(renewed.by);
    on(renewedAt, `renewal of ${plan.key}`, async () => {
      const body = MaintenanceContractRenewRequest.parse({
        ...terms,
        MaintenanceContract: contractId(plan.key),
        ContractNumber: renewed.number(next.start),
        StartDate: next.start,
        EndDate: next.end,
        ContractValue: Math.round((value * (100 + renewed.increasePercent)) / 100 / 100) * 100,
        Assets: assets,
        Remarks: renewed.remarks,
      });
      const [id] = await step(renewedAt, async () =>
        renewContract(db, await accessOf(renewer), renewer, body),
      );
      await sql`update maintenance_contracts set created_at = ${renewedAt.toISOString()}::timestamptz,
        updated_at = ${renewedAt.toISOString()}::timestamptz where id = ${id}`.execute(trx);
      contractIds.set(`${plan.key}-2`, id);
      visitPlans.set(id, plan);
      counts.contracts += 1;
    });
    visitDays(next.start, next.end);
  }

  // Preventive schedules, set some days before their first due date.
  const schedulePlans = new Map<number, SchedulePlan>();
  for (const plan of SCHEDULES) {
    const interval = { every: plan.every, unit: plan.unit };
    const first = intervalsBack(
      addDays(todayIso, plan.anchorDate.dueIn),
      plan,
      plan.anchorDate.back,
    );
    const createdAt = istMoment(addDays(first, -plan.createdDays), 11, 30);
    const user = userNamed(plan.createdBy);
    on(createdAt, `schedule ${plan.key}`, async () => {
      const [asset] = await pick(plan.branch, createdAt, plan.asset, 1, { distinct: true });
      const body = MaintenanceScheduleRequest.parse({
        UserInterface: 1,
        Asset: asset,
        JobType: plan.jobType,
        Every: plan.every,
        Unit: plan.unit,
        Anchor: plan.anchor,
        AnchorDate: first,
        LeadDays: plan.leadDays,
        Active: true,
      });
      await step(createdAt, async () => saveSchedule(db, await accessOf(user), user, body));
      const { id } = await trx
        .selectFrom('maintenanceSchedules')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await sql`update maintenance_schedules set created_at = ${createdAt.toISOString()}::timestamptz
        where id = ${id}`.execute(trx);
      // Its audit entry says the day it was set.
      await sql`update audit_log set details = jsonb_set(details, '{today}', to_jsonb(${indianDate(createdAt)}::text))
        where entity = 'maintenance_schedule' and entity_id = ${id}`.execute(trx);
      schedulePlans.set(id, plan);
      counts.schedules += 1;
    });
    if (plan.anchor === 'FIXED') {
      for (let k = 0; ; k += 1) {
        const due = addInterval(first, interval, k);
        if (due > addDays(todayIso, plan.leadDays)) break;
        runDays.add(addDays(due, -plan.leadDays));
      }
    } else runDays.add(addDays(first, -plan.leadDays));
  }

  // The scheduler: early in the morning of each day a job falls due to be created, and today.
  const queuedRuns = new Set<string>();
  const runOn = (day: string) => {
    if (day >= todayIso || queuedRuns.has(day)) return;
    queuedRuns.add(day);
    const moment = istMoment(day, 6, 0);
    on(moment, `scheduler run of ${day}`, () => schedulerRun(day, moment));
  };
  async function schedulerRun(day: string, moment: Date) {
    const [result, made] = await step(moment, () =>
      runScheduler(db, { today: day, instance: INSTANCE }),
    );
    if (result.Error) throw new Error(`demo maintenance: the scheduler failed: ${result.Error}`);
    for (const job of made) followUp(job, moment);
  }
  for (const day of [...runDays].sort()) runOn(day);
  const todayRun = new Date(Math.min(istMoment(todayIso, 6, 0).getTime(), now - 60_000));
  on(todayRun, 'scheduler run of today', () => schedulerRun(todayIso, todayRun));

  /** A job as one step moves it. */
  const move = async (
    moment: Date,
    by: string,
    jobId: number,
    body: Omit<JobOrderMoveRequest, 'JobOrder' | 'UserInterface'>,
  ) => {
    const user = userNamed(by);
    const parsed = JobOrderMoveRequest.parse({ UserInterface: 1, JobOrder: jobId, ...body });
    await step(moment, async () => moveJobOrder(db, await accessOf(user), user, parsed));
  };

  /**
   * What the branch does with a job the scheduler made: a vendor's visit done on its due date and
   * closed the next day; a schedule's job given to the branch's engineer the day before and done
   * (a day late, for some). Those due this week, or overdue by a few days, wait.
   */
  function followUp(job: NewJob, raisedAt: Date) {
    const due = required(job.dueDate ?? undefined, 'due date');
    const { worker, closer } = peopleOf(job.code);
    const after = (moment: Date) =>
      new Date(Math.max(moment.getTime(), raisedAt.getTime() + 2 * 3_600_000));
    if (job.visitContractId !== null) {
      const plan = required(visitPlans.get(job.visitContractId), 'contract of a visit');
      if (due > addDays(todayIso, -4)) return;
      const started = after(istMoment(due, 10, 30));
      on(started, `visit ${job.id} started`, () =>
        move(started, worker, job.id, { Step: 'START' }),
      );
      const resolved = istMoment(due, 15, 0);
      on(resolved, `visit ${job.id} resolved`, () =>
        move(resolved, worker, job.id, {
          Step: 'RESOLVE',
          Remarks: `${plan.visitReport} Visit by ${plan.engineer} (${plan.vendor}).`,
        }),
      );
      const closed = istMoment(addDays(due, 1), 11, 30);
      on(closed, `visit ${job.id} closed`, () => move(closed, closer, job.id, { Step: 'CLOSE' }));
      return;
    }
    const plan = required(schedulePlans.get(job.scheduleId ?? 0), 'schedule of a job');
    const done = addDays(due, plan.lateDays);
    if (done > addDays(todayIso, -2)) return;
    const assigned = after(istMoment(addDays(due, -1), 16, 0));
    on(assigned, `scheduled ${job.id} assigned`, () =>
      move(assigned, worker, job.id, {
        Step: 'ASSIGN',
        AssigneeKind: 'STAFF',
        Staff: engineerOf(job.code),
      }),
    );
    const started = istMoment(done, 10, 0);
    on(started, `scheduled ${job.id} started`, () =>
      move(started, worker, job.id, { Step: 'START' }),
    );
    const resolved = istMoment(done, 11, 40);
    on(resolved, `scheduled ${job.id} resolved`, async () => {
      await move(resolved, worker, job.id, { Step: 'RESOLVE', Remarks: plan.report });
      // The next job of a schedule counted from completion falls due an interval after.
      if (plan.anchor === 'COMPLETION')
        runOn(addDays(addInterval(done, { every: plan.every, unit: plan.unit }), -plan.leadDays));
    });
    const closed = istMoment(done, 16, 30);
    on(closed, `scheduled ${job.id} closed`, () => move(closed, closer, job.id, { Step: 'CLOSE' }));
  }

  // Breakdowns, each from the moment it was marked or raised.
  const breakdownAssets = new Map<string, number>();
  for (const plan of BREAKDOWNS) {
    const moments = [
      ...(plan.marked ? [momentOf(plan.marked.at)] : []),
      momentOf(plan.raised),
      ...plan.steps.map((planned) => momentOf(planned.at)),
    ];
    for (const [index, moment] of moments.entries())
      if (index > 0 && moment.getTime() <= (moments[index - 1]?.getTime() ?? 0))
        throw new Error(`demo maintenance: ${plan.key}'s steps out of order`);
    const branch = branchId(plan.branch);
    const raiser = userNamed(plan.raisedBy);
    let assetId = 0;
    let jobId = 0;
    const choose = async (moment: Date) => {
      const { asset } = plan;
      assetId =
        'sameAs' in asset
          ? required(breakdownAssets.get(asset.sameAs), asset.sameAs)
          : required((await pick(plan.branch, moment, asset, 1, { distinct: true }))[0], 'asset');
      breakdownAssets.set(plan.key, assetId);
    };
    const { marked } = plan;
    if (marked) {
      const moment = momentOf(marked.at);
      on(moment, `${plan.key} marked`, async () => {
        await choose(moment);
        await step(moment, () =>
          markOutOfOrder(trx, { assetId, userId: raiser, reason: marked.reason, moment }),
        );
      });
    }
    const raisedAt = momentOf(plan.raised);
    const body = {
      UserInterface: 1,
      Branch: branch,
      JobType: 'BREAKDOWN',
      Priority: plan.priority,
      Problem: plan.problem,
    } as const;
    on(raisedAt, `${plan.key} raised`, async () => {
      if (!marked) await choose(raisedAt);
      const { assignee } = plan;
      const parsed = JobOrderRequest.parse({
        ...body,
        Assets: [assetId],
        ...(assignee === undefined
          ? {}
          : 'staff' in assignee
            ? { AssigneeKind: 'STAFF', Staff: engineerOf(plan.branch) }
            : {
                AssigneeKind: 'VENDOR',
                Vendor: vendorId(assignee.vendor),
                EngineerName: assignee.engineer,
              }),
      });
      [jobId] = await step(raisedAt, async () =>
        saveJobOrder(db, await accessOf(raiser), raiser, parsed),
      );
    });
    for (const planned of plan.steps) {
      const moment = momentOf(planned.at);
      on(moment, `${plan.key} ${planned.step}`, async () => {
        if (planned.step === 'LINES') {
          const user = userNamed(planned.by);
          const parsed = JobOrderRequest.parse({
            ...body,
            JobOrder: jobId,
            Assets: [assetId],
            Lines: planned.lines.map((line) => ({ ...line, GstRate: GST_RATE })),
          });
          await step(moment, async () => saveJobOrder(db, await accessOf(user), user, parsed));
          return;
        }
        if (planned.step === 'QUOTE') {
          await move(moment, planned.by, jobId, {
            Step: 'QUOTE',
            QuoteAmount: planned.rupees.toFixed(2),
            QuoteGst: ((planned.rupees * GST_RATE) / 100).toFixed(2),
            Remarks: planned.text,
          });
          return;
        }
        await move(moment, planned.by, jobId, {
          Step: planned.step,
          ...(planned.text ? { Remarks: planned.text } : {}),
        });
      });
    }
  }

  while (queue.length > 0) {
    queue.sort((a, b) => a.at - b.at || a.order - b.order);
    const next = required(queue.shift(), 'event');
    current = next.at;
    await next.run();
  }

  const { jobOrders } = await trx
    .selectFrom('jobOrders')
    .select((eb) => eb.fn.countAll<number>().as('jobOrders'))
    .executeTakeFirstOrThrow();
  return { ...counts, jobOrders: Number(jobOrders) };
}

/** `date` less `times` of the schedule's intervals. */
function intervalsBack(date: string, plan: SchedulePlan, times: number): string {
  const steps = -plan.every * times;
  switch (plan.unit) {
    case 'DAY':
      return addDays(date, steps);
    case 'WEEK':
      return addDays(date, 7 * steps);
    case 'MONTH':
      return addMonths(date, steps);
    case 'YEAR':
      return addMonths(date, 12 * steps);
  }
}

/**
 * Marks an asset in use Out of order as the asset page does (api/asset/out-of-order): its status,
 * a STATUS event with the reason, and the audit entry.
 */
async function markOutOfOrder(
  trx: Trx,
  mark: { assetId: number; userId: number; reason: string; moment: Date },
) {
  const asset = await trx
    .selectFrom('assets')
    .select(['assetStatus', 'branchId', 'tag'])
    .where('id', '=', mark.assetId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (asset.assetStatus !== 'IN_USE')
    throw new Error(`demo maintenance: ${asset.tag} is not in use to be marked Out of order`);
  await trx
    .updateTable('assets')
    .set({ assetStatus: 'OUT_OF_ORDER', updatedAt: mark.moment })
    .where('id', '=', mark.assetId)
    .execute();
  await recordEvents(trx, [mark.assetId], {
    kind: 'STATUS',
    userId: mark.userId,
    reason: mark.reason,
    changes: () => ({ AssetStatus: ['IN_USE', 'OUT_OF_ORDER'] }),
  });
  await writeAudit(trx, {
    entity: 'asset',
    entityId: mark.assetId,
    action: 'out_of_order',
    userId: mark.userId,
    fromStatus: 'IN_USE',
    toStatus: 'OUT_OF_ORDER',
    reason: mark.reason,
    branchId: asset.branchId,
  });
}
