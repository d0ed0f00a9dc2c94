/** A posted form's text field, trimmed; '' when it is missing or a file. */
export function field(form: Record<string, unknown>, name: string): string {
  const v = form[name];
  return typeof v === 'string' ? v.trim() : '';
}

/** Whether the request came from an island (fetch with `Accept: application/json`), not a form. */
export const wantsJson = (accept: string | undefined) =>
  (accept ?? '').includes('application/json');
