import { DEPRECIATION_CLASS_CODES } from '@branch-assets/domain';
import { loadMessages } from '@branch-assets/i18n';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n.ts';
import {
  type ChoiceField,
  choiceLabel,
  depreciationTerms,
  type ExtraField,
  extraInput,
  MASTER_LIST_SCREENS,
  validExtra,
} from './lists.ts';

function choiceOf(list: keyof typeof MASTER_LIST_SCREENS, field: string): ExtraField & ChoiceField {
  const extra = MASTER_LIST_SCREENS[list].extras.find((candidate) => candidate.field === field);
  if (extra?.kind !== 'choice') throw new Error(`${list}.${field} is not a choice`);
  return extra;
}

const depreciationClass = choiceOf('SUB_CATEGORY', 'depreciationClass');
const unit = choiceOf('ACCESSORY_TYPE', 'unit');

describe('a sub-category depreciation class', () => {
  it('is a choice of every class code, sent as the code', () => {
    expect(MASTER_LIST_SCREENS.SUB_CATEGORY.extras.map((extra) => extra.field)).toEqual([
      'depreciationClass',
    ]);
    expect(depreciationClass.choices).toEqual(DEPRECIATION_CLASS_CODES);
    for (const code of DEPRECIATION_CLASS_CODES) {
      expect(validExtra(depreciationClass, code)).toBe(true);
      expect(extraInput(depreciationClass, code)).toBe(code);
    }
    for (const text of ['', 'Computers', 'buildings']) {
      expect(validExtra(depreciationClass, text)).toBe(false);
    }
  });

  it('takes its useful life and block rate from the domain', () => {
    expect(depreciationTerms('medicalEquipment')).toEqual({ years: 13, rate: 15 });
    expect(depreciationTerms('lifeSavingMedicalEquipment')).toEqual({ years: 13, rate: 40 });
    expect(depreciationTerms('computers')).toEqual({ years: 3, rate: 40 });
    expect(depreciationTerms('serversAndNetworks')).toEqual({ years: 6, rate: 40 });
    expect(depreciationTerms('furnitureAndFittings')).toEqual({ years: 10, rate: 10 });
    expect(depreciationTerms('plantAndMachinery')).toEqual({ years: 15, rate: 15 });
    expect(depreciationTerms('electricalInstallations')).toEqual({ years: 10, rate: 10 });
    expect(depreciationTerms('motorVehicles')).toEqual({ years: 8, rate: 15 });
    expect(depreciationTerms('buildings')).toEqual({});
  });

  it('is shown by its translated label with those terms, in every language', async () => {
    const i18n = createI18n();
    const t = i18n.t.bind(i18n);
    expect(choiceLabel(t, depreciationClass, 'lifeSavingMedicalEquipment')).toBe(
      'Life-saving medical equipment (Schedule II 13 years · IT 40 %)',
    );
    expect(choiceLabel(t, depreciationClass, 'plantAndMachinery')).toBe(
      'Plant and machinery (Schedule II 15 years · IT 15 %)',
    );
    // A code the labels do not know is shown as it is.
    expect(choiceLabel(t, depreciationClass, 'buildings')).toBe('buildings');

    i18n.addResourceBundle('tam', 'translation', await loadMessages('tam'));
    await i18n.changeLanguage('tam');
    for (const code of DEPRECIATION_CLASS_CODES) {
      const label = choiceLabel(t, depreciationClass, code);
      const { years, rate } = depreciationTerms(code);
      expect(label).toMatch(/[\u0B80-\u0BFF]/);
      expect(label).toContain(` ${years} `);
      expect(label).toContain(` ${rate} %`);
    }
  });
});

describe('units of measure', () => {
  it('keep their labels under masterLists.choices', async () => {
    expect(unit.labels).toBeUndefined();
    const i18n = createI18n();
    const t = i18n.t.bind(i18n);
    expect(choiceLabel(t, unit, 'Box')).toBe('Box');
    i18n.addResourceBundle('tam', 'translation', await loadMessages('tam'));
    await i18n.changeLanguage('tam');
    expect(choiceLabel(t, unit, 'Box')).toBe('பெட்டி');
  });
});
