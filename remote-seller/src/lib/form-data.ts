/**
 * Multipart bodies of the seller endpoints (spec section 7): text fields sent
 * only when given (empty strings left out), then the files under one field name.
 */
export function toFormData(fields: Record<string, string | number | undefined | null>, files: readonly File[] = [], fileField = 'files'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    form.append(name, text);
  }
  for (const file of files) form.append(fileField, file);
  return form;
}
