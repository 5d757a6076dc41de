/** The server's CSV of the list (GET, answered as a file download). */
export const messagesExportUrl = (appId: number, query: URLSearchParams) =>
  `/tcm/v1/app/${appId}/msg/export?${query.toString()}`;

/** Starts a browser download of a same-origin URL (the session cookie goes along). */
export function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
