import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { AssetLocationsQuery } from '../../gql/graphql.ts';
import { FormDialog, startValues } from '../../shared/FormDialog.tsx';
import * as Fields from '../../shared/FormFields.tsx';
import { withOwn } from '../../shared/FormFields.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import type { RecordFormProps } from '../../shared/useRecordPage.tsx';
import { AssetFormChoicesQuery } from '../assets/documents.ts';

type Location = AssetLocationsQuery['list']['rows'][number];

const BLANK = { name: '', branchId: '', ...Fields.NEW_STATUS };
export type AssetLocationValues = typeof BLANK;

/** Create or rename a room of a branch the user works in; a room stays in its branch. */
export function AssetLocationForm({
  record: location,
  dialog,
}: RecordFormProps<Location, AssetLocationValues>) {
  const { t } = useTranslation();
  const { data } = useQuery(AssetFormChoicesQuery);
  return (
    <FormDialog<AssetLocationValues> {...dialog} defaultValues={startValues(BLANK, location)}>
      {(form, F) => (
        <>
          <F.Text name="name" label="assetLocations.name" required autoFocus />
          <SelectField
            control={form.control}
            name="branchId"
            label={t('assetLocations.branch')}
            options={withOwn(
              data?.branchOptions ?? [],
              location ? { value: location.branchId, text: location.branchName } : null,
            )}
            required
            disabled={location !== null}
          />
          <F.Status />
        </>
      )}
    </FormDialog>
  );
}
