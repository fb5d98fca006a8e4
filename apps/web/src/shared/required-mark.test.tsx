import { Field, Input } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';

describe('a required field', () => {
  it('marks its label for the style sheet and its control as required, the name unchanged', () => {
    renderWithApp(
      <>
        <Field.Root required>
          <Field.Label>Brand</Field.Label>
          <Input />
        </Field.Root>
        <Field.Root>
          <Field.Label>Remarks</Field.Label>
          <Input />
        </Field.Root>
      </>,
    );
    const brand = screen.getByRole('textbox', { name: 'Brand' });
    expect(brand).toBeRequired();
    expect(screen.getByText('Brand')).toHaveAttribute('data-required');
    expect(screen.getByText('Remarks')).not.toHaveAttribute('data-required');
  });
});
