/**
 * The rule for new passwords, as legacy-api enforces it (packages/legacy-contract's NewPassword):
 * 8 to 128 characters, with a letter and a digit. The web app shows and checks the same rule
 * before sending; the server's check is the one that counts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRule = 'length' | 'letter' | 'digit';

/** The rules a candidate password breaks, in the order they are listed to the user. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    problems.push('length');
  if (!/[A-Za-z]/.test(password)) problems.push('letter');
  if (!/\d/.test(password)) problems.push('digit');
  return problems;
}
