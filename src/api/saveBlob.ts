/**
 * Hands a file the API returned to the browser as a download, under `fileName` (the Excel list, an
 * attachment, a zip): a temporary object URL behind a clicked anchor, released shortly after.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
