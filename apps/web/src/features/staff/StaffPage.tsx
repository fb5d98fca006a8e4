import { StatusChip } from '../../shared/StatusChip.tsx';
import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { staffDocuments } from './documents.ts';
import { StaffForm, type StaffMember, type StaffValues } from './StaffForm.tsx';

/**
 * Staff: /staff/list, with /staff/create and /staff/edit?id1=<branch id>&id2=<staff code> (the
 * legacy link: the home branch and the code, unique within it) over the list.
 */
export const Component = recordScreen({
  module: 'staff',
  documents: staffDocuments,
  strings: 'staff',
  editQuery: (row) => ({ id1: row.branchId, id2: row.code }),
  columns: (t) => ({
    code: { label: t('staff.code'), text: (row) => row.code, priority: 'essential', nowrap: true },
    name: { label: t('staff.name'), text: (row) => row.name, priority: 'high' },
    branchCode: {
      label: t('staff.homeBranch'),
      text: (row) => row.branchCode,
      nowrap: true,
    },
    designationName: { label: t('staff.designation'), text: (row) => row.designationName },
    phone: {
      label: t('common.phone'),
      text: (row) => row.phone ?? '',
      priority: 'low',
      nowrap: true,
    },
    email: { label: t('common.email'), text: (row) => row.email ?? '', priority: 'low' },
    branchesText: {
      label: t('staff.branches'),
      text: (row) => row.branchesText,
      priority: 'low',
    },
    'login.username': {
      label: t('staff.login'),
      text: (row) => row.login?.username ?? '',
      render: (row) =>
        row.login ? (
          <>
            {row.login.username} {row.login.active ? null : <StatusChip chip={row.login.status} />}
          </>
        ) : null,
    },
    'login.roleName': { label: t('staff.role'), text: (row) => row.login?.roleName ?? '' },
    ...statusColumn(t),
  }),
  Form: StaffForm,
  toInput,
});

/** The mutation's input from the form's values; a new member (current null) is created. */
function toInput(values: StaffValues, current: StaffMember | null) {
  const login = current?.login ?? null;
  return {
    id: current?.id ?? null,
    branchId: values.branchId,
    code: values.code.trim().toUpperCase(),
    name: values.name.trim(),
    designationId: values.designationId,
    phone: values.phone.trim() || null,
    email: values.email.trim() || null,
    assignBranchIds: values.assign,
    active: values.active === '1',
    username: values.username || null,
    roleId: values.roleId || null,
    password: values.password || null,
    loginActive: login && values.loginActive !== '' ? values.loginActive === '1' : null,
  };
}
