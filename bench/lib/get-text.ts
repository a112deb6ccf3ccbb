import http from 'node:http';

/**
 * GET over node:http with a Host header, answered as text: fetch drops a Host header, which would
 * fetch the 404 body of an unknown host instead of the tenant's answer.
 */
export function getText(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}
