/** class-transformer helpers shared by the DTOs. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
