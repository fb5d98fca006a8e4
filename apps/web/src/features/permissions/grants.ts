/** A grant as the grid keeps it: `module:action`, both codes. */
export type GrantKey = `${string}:${string}`;

export const grantKey = (module: string, action: string): GrantKey => `${module}:${action}`;

/** The grants the Administrator role always keeps (the server refuses to take them away). */
export function isLocked(roleCode: string, module: string, action: string): boolean {
  return roleCode === 'admin' && module === 'menu_permission' && ['list', 'edit'].includes(action);
}

export function sameGrants(a: ReadonlySet<GrantKey>, b: ReadonlySet<GrantKey>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/** The grants of a set, for the mutation, in a stable order. */
export function toGrantInputs(keys: ReadonlySet<GrantKey>): { module: string; action: string }[] {
  return [...keys].sort().map((key) => {
    const [module = '', action = ''] = key.split(':');
    return { module, action };
  });
}
