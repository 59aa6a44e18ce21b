/** The two browser side effects the screen needs: copying a text (the console's one helper) and saving a text file. */

export { copyText } from '@/lib/clipboard';

/** Saves `text` as a file named `fileName` (a download the browser asks about or stores). */
export function saveTextFile(fileName: string, text: string, type = 'application/toml'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
