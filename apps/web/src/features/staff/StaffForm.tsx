import { useMutation, useQuery } from '@apollo/client/react';
import { passwordProblems } from '@branch-assets/domain';
import {
  Box,
  Button,
  chakra,
  Fieldset,
  Heading,
  HStack,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQuery } from '../../gql/graphql.ts';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';
import { useDates } from '../../shared/dates.ts';
import { describeProblem } from '../../shared/errors.ts';
import { type ActiveValue, FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import {
  RemoveStaffAssignmentMutation,
  StaffFormOptionsQuery,
  UnlockStaffLoginMutation,
} from './documents.ts';

export type StaffMember = StaffQuery['list']['rows'][number];
type Assignment = StaffMember['assignments'][number];
const BLANK = {
  code: '',
  name: '',
  branchId: '',
  designationId: '',
  ...Fields.NO_CONTACT,
  ...Fields.NEW_STATUS,
  /** Branches to add besides the home branch. */
  assign: [] as string[],
  username: '',
  roleId: '',
  password: '',
  loginActive: '' as ActiveValue,
};
export type StaffValues = typeof BLANK;

const CODE = /^[A-Z0-9][A-Z0-9/-]{0,19}$/;
const USERNAME = /^[a-z0-9][a-z0-9._-]{2,59}$/;

const NativeCheckbox = chakra('input');

/**
 * The assignments of a staff member being edited: each removable one goes, after confirmation,
 * through the legacy api/branch-asset/destroy (the gateway's removeStaffAssignment).
 */
function Assignments({ staff, onChanged }: { staff: StaffMember; onChanged: () => void }) {
  const { t } = useTranslation();
  const [remove] = useMutation(RemoveStaffAssignmentMutation);
  const [pending, setPending] = useState<Assignment | null>(null);
  const run = async (assignment: Assignment) => {
    setPending(null);
    try {
      const answer = await remove({
        variables: {
          input: { id: assignment.id, branchId: assignment.branchId, staffId: staff.id },
        },
      });
      notifySuccess(answer.data?.removeStaffAssignment.message ?? '');
      onChanged();
    } catch (failure) {
      notifyError(describeProblem(failure, t).message);
    }
  };
  return (
    <Box>
      <Text fontWeight="medium" mb="1">
        {t('staff.assigned')}
      </Text>
      {staff.assignments.length === 0 ? (
        <Text color="fg.muted">{t('staff.noAssignments')}</Text>
      ) : (
        <List.Root variant="plain" gap="1" aria-label={t('staff.assigned')}>
          {staff.assignments.map((assignment) => (
            <List.Item key={assignment.id}>
              <HStack justify="space-between" width="full">
                <Text>
                  {assignment.branchCode} - {assignment.branchName}
                </Text>
                {assignment.canRemove ? (
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('staff.removeAssignment', { branch: assignment.branchCode })}
                    onClick={() => setPending(assignment)}
                  >
                    {t('staff.remove')}
                  </Button>
                ) : null}
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('staff.removeTitle', {
          name: staff.name,
          branch: pending?.branchCode ?? '',
        })}
        text={t('staff.removeText')}
        onContinue={() => {
          if (pending) void run(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}

/**
 * A login locked after too many failed password checks: until when, and (for a login the caller may
 * change) the administrator's Unlock, which ends the lock at once.
 */
function LoginLock({
  staff,
  canUnlock,
  onChanged,
}: {
  staff: StaffMember;
  canUnlock: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const [unlock, { loading }] = useMutation(UnlockStaffLoginMutation);
  const until = staff.login?.lockedUntil;
  if (!until) return null;
  const time = dates.dateTime(until);
  const run = async () => {
    try {
      const answer = await unlock({ variables: { id: staff.id } });
      notifySuccess(answer.data?.unlockStaffLogin.message ?? '');
    } catch (failure) {
      notifyError(describeProblem(failure, t).message);
    }
    // Either way the row is read again: a refusal means it changed meanwhile (unlocked, or ended).
    onChanged();
  };
  return (
    <HStack gridColumn={{ md: 'span 2' }} justify="space-between" role="status">
      <Text color="fg.error">{t('staff.lockedUntil', { time })}</Text>
      {canUnlock ? (
        <Button type="button" size="sm" variant="outline" loading={loading} onClick={run}>
          {t('staff.unlockLogin')}
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * Create or edit a staff member. Formats are checked here as the server checks them; what needs
 * the database (a code taken in the branch, a user name taken, a role above the caller's) comes
 * back in the server's words.
 */
export function StaffForm({
  record: staff,
  dialog,
  onChanged,
}: RecordFormProps<StaffMember, StaffValues>) {
  const { t } = useTranslation();
  const options = useQuery(StaffFormOptionsQuery, { fetchPolicy: 'cache-and-network' });
  // The form starts once the lists are there: a select's value must be one of its options.
  if (!options.data) return null;
  const { branchOptions, staffFormOptions } = options.data;
  const branches = Fields.withOwn(
    branchOptions,
    staff ? { value: staff.branchId, text: `${staff.branchCode} - ${staff.branchName}` } : null,
  );
  const designations = Fields.withOwn(
    staffFormOptions.designations,
    staff ? { value: staff.designationId, text: staff.designationName } : null,
  );
  const { roles } = staffFormOptions;
  const login = staff?.login ?? null;
  // A login whose role the caller may not give is shown, not offered for change (the server refuses).
  const loginLocked = login !== null && !roles.some((role) => role.value === login.roleId);
  const assigned = new Set(staff?.assignments.map((assignment) => assignment.branchId) ?? []);

  return (
    <FormDialog<StaffValues>
      {...dialog}
      defaultValues={{
        ...startValues(BLANK, staff),
        username: login?.username ?? '',
        roleId: login?.roleId ?? '',
        loginActive: login ? (login.active ? '1' : '0') : '',
      }}
      onSubmit={(values) =>
        dialog.onSubmit(loginLocked ? { ...values, username: '', roleId: '' } : values)
      }
      size="xl"
      grid
    >
      {(form, F) => {
        const { errors } = form.formState;
        const [homeBranch, assign, username] = form.watch(['branchId', 'assign', 'username']);
        const others = branchOptions.filter(
          (option) => option.value !== homeBranch && !assigned.has(option.value),
        );
        const toggle = (value: string, checked: boolean) =>
          form.setValue(
            'assign',
            checked ? [...assign, value] : assign.filter((candidate) => candidate !== value),
            { shouldDirty: true },
          );
        const loginFields: ReactNode = loginLocked ? (
          <Text gridColumn={{ md: 'span 2' }}>
            {t('staff.loginLocked', { username: login?.username, role: login?.roleName })}
          </Text>
        ) : (
          <>
            <F.Text
              name="username"
              label="staff.username"
              autoComplete="off"
              format={[USERNAME, 'staff.usernameInvalid']}
              rules={{ setValueAs: (value: string) => value.trim().toLowerCase() }}
            />
            <F.Options
              name="roleId"
              label="staff.role"
              required={username !== ''}
              rules={{
                validate: (value, values) =>
                  values.username === '' || value !== '' || t('staff.roleRequired'),
              }}
              options={roles}
            />
            <Fields.LabelledField
              label={login ? t('staff.newPassword') : t('staff.password')}
              error={errors.password}
              required={!login && username !== ''}
            >
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('password', {
                  validate: (value, values) => {
                    if (value === '')
                      return (
                        login !== null || values.username === '' || t('staff.passwordRequired')
                      );
                    return passwordProblems(value).length === 0 || t('staff.passwordInvalid');
                  },
                })}
              />
            </Fields.LabelledField>
            {login ? (
              <Fields.LabelledField
                label={t('staff.loginStatus')}
                error={errors.loginActive}
                required
              >
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...form.register('loginActive', {
                      required: t('common.required', { field: t('staff.loginStatus') }),
                    })}
                  >
                    <option value="">{t('masterLists.statusPlaceholder')}</option>
                    <option value="1">{t('staff.loginEnabled')}</option>
                    <option value="0">{t('staff.loginDisabled')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Fields.LabelledField>
            ) : null}
          </>
        );
        return (
          <>
            <F.Code label="staff.code" format={[CODE, 'staff.codeInvalid']} autoFocus />
            <F.Text name="name" label="staff.name" required />
            <F.Options name="branchId" label="staff.homeBranch" required options={branches} />
            <F.Options
              name="designationId"
              label="staff.designation"
              required
              options={designations}
            />
            <F.Phone />
            <F.Email />
            <F.Status />
            <Box gridColumn={{ md: 'span 2' }}>
              {staff ? <Assignments staff={staff} onChanged={onChanged} /> : null}
            </Box>
            {others.length > 0 ? (
              <Fieldset.Root gridColumn={{ md: 'span 2' }}>
                <Fieldset.Legend>{t('staff.assignAlso')}</Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
                  {others.map((option) => (
                    <HStack as="label" key={option.value} gap="2" cursor="pointer">
                      <NativeCheckbox
                        type="checkbox"
                        width="4"
                        height="4"
                        accentColor="brand.solid"
                        checked={assign.includes(option.value)}
                        onChange={(event) => toggle(option.value, event.target.checked)}
                      />
                      <Text as="span">{option.text}</Text>
                    </HStack>
                  ))}
                </SimpleGrid>
              </Fieldset.Root>
            ) : null}
            <Heading as="h3" size="sm" gridColumn={{ md: 'span 2' }}>
              {t('staff.login')}
            </Heading>
            {staff ? (
              <LoginLock staff={staff} canUnlock={!loginLocked} onChanged={onChanged} />
            ) : null}
            {loginFields}
          </>
        );
      }}
    </FormDialog>
  );
}
