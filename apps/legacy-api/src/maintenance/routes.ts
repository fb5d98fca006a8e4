import type { FastifyInstance } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../http/errors.ts';
import { registerCall } from '../http/register-call.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { amcReport } from './amc-report.ts';
import {
  contractDetail,
  contractList,
  MODULE,
  NOT_FOUND,
  renewContract,
  saveContract,
} from './contracts.ts';
import { markRead, notificationsOf } from './notifications.ts';
import { lastRuns, runScheduler } from './scheduler.ts';
import { saveSchedule, schedulesOf } from './schedules.ts';

const MAY_NOT_LIST = 'Your role may not list maintenance contracts.';
const ADMIN_ONLY = 'Only an administrator sees the scheduler.';

async function detailOf(db: Db, access: Access, id: number) {
  const detail = await contractDetail(db, access, id);
  if (!detail) throw new Refusal(NOT_FOUND);
  return detail;
}

/** The scheduler is the company's: whoever may change menus and permissions, an administrator. */
function isAdministrator(access: Access) {
  return access.can('menu_permission', 'edit');
}

export async function maintenanceRoutes(app: FastifyInstance) {
  registerCall(app, 'maintenanceContractLists', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can(MODULE, 'list')) throw new Refusal(MAY_NOT_LIST);
    if (!access.worksIn(body.Branch)) throw new Refusal('You do not work in that branch.');
    const branch = await namedBranch(db, body.Branch);
    const list = await contractList(db, access, branch, body);
    const count = list.TotalCount ?? list.TableData.length;
    return { output: `${count} maintenance contracts.`, records: list };
  });

  registerCall(app, 'maintenanceContractShow', async ({ body, db, session }) => {
    if (!session.access.can(MODULE, 'list')) throw new Refusal(MAY_NOT_LIST);
    const detail = await detailOf(db, session.access, body.MaintenanceContract);
    return { output: detail.ContractNumber, records: detail };
  });

  registerCall(app, 'maintenanceContractStore', async ({ body, db, session }) => {
    const id = await saveContract(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session.access, id);
    return { output: `Contract ${detail.ContractNumber} saved.`, records: detail };
  });

  registerCall(app, 'maintenanceContractRenew', async ({ body, db, session }) => {
    const id = await renewContract(db, session.access, session.user.userId, body);
    const detail = await detailOf(db, session.access, id);
    return {
      output: `Contract ${detail.PreviousContractNumber} renewed as ${detail.ContractNumber}.`,
      records: detail,
    };
  });

  registerCall(app, 'maintenanceScheduleLists', async ({ body, db, session }) => {
    const rows = await schedulesOf(db, session.access, body.Asset);
    return { output: `${rows.length} preventive schedules.`, records: rows };
  });

  registerCall(app, 'maintenanceScheduleStore', async ({ body, db, session }) => {
    await saveSchedule(db, session.access, session.user.userId, body);
    const rows = await schedulesOf(db, session.access, body.Asset);
    return { output: 'Preventive schedule saved.', records: rows };
  });

  registerCall(app, 'maintenanceSchedulerStatus', async ({ db, session }) => {
    if (!isAdministrator(session.access)) throw new Refusal(ADMIN_ONLY);
    const runs = await lastRuns(db);
    return { output: `${runs.length} runs.`, records: runs };
  });

  registerCall(app, 'maintenanceSchedulerRun', async ({ db, session }) => {
    if (!isAdministrator(session.access)) throw new Refusal(ADMIN_ONLY);
    const run = await runScheduler(db);
    if (run.Error) throw new Error(`The scheduler failed: ${run.Error}`);
    return { output: `${run.JobsCreated} preventive jobs created.`, records: run };
  });

  registerCall(app, 'notificationLists', async ({ body, db, session }) => {
    const all = await notificationsOf(db, session.access, session.user.userId);
    const unread = all.filter((notification) => !notification.Read).length;
    const shown = (body.UnreadOnly ? all.filter((notification) => !notification.Read) : all).slice(
      0,
      body.Limit,
    );
    return {
      output: `${unread} unread notifications.`,
      records: { Notifications: shown, UnreadCount: unread },
    };
  });

  registerCall(app, 'notificationsMarkRead', async ({ body, db, session }) => {
    const userId = session.user.userId;
    const all = await notificationsOf(db, session.access, userId);
    // Only the user's own current alerts: a key they cannot see is not theirs to mark.
    const current = new Set(all.map((notification) => notification.Key));
    const keys =
      body.Keys.length === 0 ? [...current] : body.Keys.filter((key) => current.has(key));
    await markRead(db, userId, keys);
    const marked = new Set(keys);
    const unread = all.filter(
      (notification) => !notification.Read && !marked.has(notification.Key),
    );
    return { output: `${keys.length} marked read.`, records: { UnreadCount: unread.length } };
  });

  registerCall(app, 'amcReport', async ({ body, db, session }) => {
    const { access } = session;
    if (!access.can('report_amc', 'list'))
      throw new Refusal('Your role may not see the AMC report.');
    if (body.Branches.some((branch) => !access.worksIn(branch)))
      throw new Refusal('You do not work in that branch.');
    const report = await amcReport(db, access, body.Branches, body.AsOf);
    return { output: `${report.Contracts.length} contracts.`, records: report };
  });
}
