/**
 * Local previews of photos being sent (object URLs), cached per File so a re-render does not
 * make new ones. Where the browser cannot make one (tests), a preview is empty.
 */
const previews = new WeakMap<File, string>();

export function previewUrl(file: File): string {
  const known = previews.get(file);
  if (known !== undefined) return known;
  const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  previews.set(file, url);
  return url;
}
